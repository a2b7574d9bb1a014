/**
 * A token bucket for one route, as API Gateway throttles a route in the cloud (`throttlingRateLimit`,
 * `throttlingBurstLimit`): it holds up to `burst` requests and refills at `rate` per second; a request finding it
 * empty is refused (429). In memory, for the local server.
 */
export class RouteThrottle {
  private tokens: number;
  private at: number;

  /** @param rate requests per second; @param burst most requests at once; @param now clock in ms (tests) */
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes one request's token: true when the request may go on, false when it must be refused. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.rate);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
