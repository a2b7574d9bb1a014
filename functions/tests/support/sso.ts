import { createHash, randomBytes } from 'node:crypto';

/**
 * Signing in through a college's provider without a browser, as a browser does it (decision 0063): the app's
 * authorization request with PKCE to the pool domain, the redirects followed by hand with each host's cookies kept,
 * the provider's login form posted (an OpenID provider's or a SAML provider's), a SAML response carried on as the page's
 * form would carry it, and the app's callback read. Used by the integration tests of the local pool
 * domain and the local provider.
 */

/** Where a sign-in ended: at the app's callback page, with its code or its error. */
export interface SsoOutcome {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  /** The PKCE verifier the code is bound to. */
  verifier: string;
  redirectUri: string;
}

/** Cookies by host, each name's last value (enough for the provider's session cookies). */
type Jar = Map<string, Map<string, string>>;

function remember(jar: Jar, url: URL, res: Response): void {
  const mine = jar.get(url.host) ?? new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    mine.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  jar.set(url.host, mine);
}

const cookieHeader = (jar: Jar, url: URL) =>
  [...(jar.get(url.host) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');

/** HTML's escapes in an attribute's value, undone (`&amp;`, `&quot;`, numeric ones). */
const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A page's POST form: where it goes and its hidden fields; undefined when the page has none. */
function readForm(html: string): { action: string; hidden: Record<string, string> } | undefined {
  const tag = html.match(/<form\b[^>]*>/i)?.[0];
  if (!tag || !/method="post"/i.test(tag)) return undefined;
  const action = unescapeHtml(tag.match(/action="([^"]*)"/i)?.[1] ?? '');
  const hidden: Record<string, string> = {};
  for (const input of html.match(/<input\b[^>]*type="hidden"[^>]*>/gi) ?? []) {
    const name = input.match(/name="([^"]*)"/i)?.[1];
    if (name) hidden[unescapeHtml(name)] = unescapeHtml(input.match(/value="([^"]*)"/i)?.[1] ?? '');
  }
  return { action, hidden };
}

/** A person at one browser: the cookies of every host they have been to (the provider's session lives there). */
export function ssoBrowser() {
  const jar: Jar = new Map();
  const go = async (url: URL, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader(jar, url) } });
    remember(jar, url, res);
    return res;
  };
  /**
   * Starts a sign-in at the pool domain `domain` for `clientId` through `provider`, returning to `redirectUri`; when the
   * provider shows its login form, signs in there as `login`. Follows redirects until the app's callback page.
   * @throws Error when a page answers something other than a redirect or the provider's form
   */
  async function signIn(opts: {
    domain: string;
    clientId: string;
    provider: string;
    redirectUri: string;
    login: string;
    /** Changes a SAML response's XML on its way back to the pool (a forgery). */
    tamper?: (xml: string) => string;
  }): Promise<SsoOutcome> {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(12).toString('base64url');
    const start = new URL(`${opts.domain}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      identity_provider: opts.provider,
      client_id: opts.clientId,
      redirect_uri: opts.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      start.searchParams.set(k, v);
    let url = start;
    let res = await go(url);
    for (let hop = 0; hop < 20; hop++) {
      if (url.toString().startsWith(opts.redirectUri)) {
        const q = url.searchParams;
        return {
          verifier,
          redirectUri: opts.redirectUri,
          ...Object.fromEntries(
            ['code', 'state', 'error', 'error_description'].flatMap((k) => (q.get(k) ? [[k, q.get(k) as string]] : [])),
          ),
        };
      }
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location') ?? '', url);
        if (url.toString().startsWith(opts.redirectUri)) continue;
        res = await go(url);
        continue;
      }
      const html = await res.text();
      const form = readForm(html);
      if (res.status !== 200 || !form) throw new Error(`${url} answered ${res.status}: ${html.slice(0, 300)}`);
      // The OpenID provider's login form, the SAML provider's, or a page carrying a SAML response on (HTTP-POST).
      const typed: Record<string, string> = /name="login"/.test(html)
        ? { prompt: 'login', login: opts.login, password: 'any password' }
        : /name="email"/.test(html)
          ? { email: opts.login, password: 'any password' }
          : {};
      const { tamper } = opts;
      if (tamper && form.hidden.SAMLResponse)
        form.hidden.SAMLResponse = Buffer.from(tamper(Buffer.from(form.hidden.SAMLResponse, 'base64').toString('utf8'))).toString('base64');
      url = new URL(form.action, url);
      res = await go(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form.hidden, ...typed }).toString(),
      });
    }
    throw new Error('The sign-in went through more than 20 pages');
  }
  return { signIn };
}

/** The app's code exchange at the pool domain's token endpoint (a public client, PKCE). */
export async function exchangeCode(domain: string, clientId: string, outcome: SsoOutcome): Promise<Response> {
  return fetch(`${domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      code: outcome.code ?? '',
      redirect_uri: outcome.redirectUri,
      code_verifier: outcome.verifier,
    }),
  });
}
