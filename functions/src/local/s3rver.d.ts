/** Minimal types for s3rver 3.x (the package ships none): the parts the local stack uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; directory: string; silent?: boolean });
    run(): Promise<unknown>;
    close(): Promise<void>;
    on(
      event: 'event',
      listener: (e: { Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }[] }) => void,
    ): this;
  }
}
