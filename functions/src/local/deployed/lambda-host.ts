import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { AssemblyFunction } from './cloud-assembly.js';

/** One AWS SDK call a function made, as the SDK resolved it (client and command names, the request's small fields). */
export interface RecordedCall {
  fn: string;
  client: string;
  command: string;
  input: Record<string, unknown>;
}

/** An invocation of a function (recorded beside its calls, so a function that calls nothing is seen run). */
export interface RecordedInvocation {
  fn: string;
  invoked: true;
}

/** Why an invocation failed: the handler threw, timed out, or its module did not load (Lambda's `FunctionError`). */
export class InvocationError extends Error {}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/**
 * The Node.js functions of a cloud assembly, each run from its own bundle in its own worker thread with its own
 * environment (`lambda-worker.mjs`), started at its first invocation as Lambda starts an instance. Calls to AWS are
 * collected in `calls`.
 */
export class LambdaHost {
  readonly calls: RecordedCall[] = [];
  private readonly workers = new Map<string, { worker: Worker; ready: Promise<void>; pending: Map<string, Pending> }>();

  /**
   * @param functions the assembly's functions, by logical id
   * @param envOf each function's environment (the template's variables resolved, plus what the run adds)
   * @param onRecord told every invocation and every AWS call as it is made
   * @param onOutput told every line a function writes to stdout or stderr (what CloudWatch Logs would keep); without
   *   it, the functions write to this process's output
   */
  constructor(
    private readonly functions: ReadonlyMap<string, AssemblyFunction>,
    private readonly envOf: (fn: AssemblyFunction) => Record<string, string>,
    private readonly onRecord?: (c: RecordedCall | RecordedInvocation) => void,
    private readonly onOutput?: (fn: string, line: string) => void,
  ) {
    // Each function's thread writes to this process's output: one listener pair each.
    process.stdout.setMaxListeners(Math.max(process.stdout.getMaxListeners(), 2 * functions.size + 10));
    process.stderr.setMaxListeners(Math.max(process.stderr.getMaxListeners(), 2 * functions.size + 10));
  }

  /** Whether the assembly has a Node.js function `id`. */
  has(id: string): boolean {
    return this.functions.has(id);
  }

  /**
   * Invokes function `id` with `event` and waits for its answer.
   * @throws InvocationError when the handler throws or times out (its message), or the function is unknown
   */
  async invoke(id: string, event: unknown): Promise<unknown> {
    const w = this.start(id);
    this.onRecord?.({ fn: id, invoked: true });
    await w.ready;
    const callId = randomUUID();
    return new Promise((resolve, reject) => {
      w.pending.set(callId, { resolve, reject });
      w.worker.postMessage({ id: callId, event });
    });
  }

  private start(id: string) {
    const existing = this.workers.get(id);
    if (existing) return existing;
    const fn = this.functions.get(id);
    if (!fn) throw new InvocationError(`No Node.js function ${id} in the template`);
    const [file, exportName] = fn.handler.split('.');
    const worker = new Worker(new URL('./lambda-worker.mjs', import.meta.url), {
      env: this.envOf(fn),
      // The SDK's notice that Node 20 support ends, once per function, is not the function's output.
      execArgv: ['--no-warnings'],
      workerData: { bundle: join(fn.codeDir, `${file}.mjs`), exportName, timeoutMs: fn.timeout * 1000 },
      ...(this.onOutput ? { stdout: true, stderr: true } : {}),
    });
    const onOutput = this.onOutput;
    if (onOutput)
      for (const stream of [worker.stdout, worker.stderr])
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', (l) => onOutput(id, l));
    const pending = new Map<string, Pending>();
    let ready!: () => void;
    let failed!: (e: Error) => void;
    const entry = { worker, pending, ready: new Promise<void>((res, rej) => ((ready = res), (failed = rej))) };
    worker.on('message', (m: { type: string; id?: string; ok?: boolean; value?: unknown; error?: string } & Partial<RecordedCall>) => {
      if (m.type === 'ready') ready();
      else if (m.type === 'call') {
        const call = { fn: id, client: String(m.client), command: String(m.command), input: m.input ?? {} };
        this.calls.push(call);
        this.onRecord?.(call);
      } else if (m.type === 'result' && m.id) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.ok) p?.resolve(m.value);
        else p?.reject(new InvocationError(`${id}: ${m.error}`));
      }
    });
    const end = (why: string) => {
      failed(new InvocationError(`${id} did not start: ${why}`));
      for (const p of pending.values()) p.reject(new InvocationError(`${id} stopped: ${why}`));
      pending.clear();
      if (this.workers.get(id) === entry) this.workers.delete(id);
    };
    worker.on('error', (e) => end(e.message));
    // A bundle that exits its thread (process.exit) or a stopped run: nothing waits for an answer that cannot come.
    worker.on('exit', (code) => end(`its thread exited (${code})`));
    // A worker that never reports (its bundle does not load) fails its first invocation through `error` above.
    entry.ready.catch(() => undefined);
    this.workers.set(id, entry);
    return entry;
  }

  /** Stops every function's worker. */
  async stop(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.worker.terminate()));
    this.workers.clear();
  }
}
