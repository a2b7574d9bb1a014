import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUCKETS, type Caller, IDP_RESPONSE_PATH, TABLE, campusScope } from '@attain/shared-types';
import { handler as mailReceiptsHandler } from '../lambdas/workers/mail-receipts.js';
import { handler as marksImportHandler } from '../lambdas/workers/marks-import.js';
import type { SnsEvent } from '../lambdas/workers/mail-receipts.js';
import { readCloudAssembly } from './deployed/cloud-assembly.js';
import { type DeployedRuntime, runtimeBaseEnv, startDeployedRuntime } from './deployed/deployed-runtime.js';
import { cognitoClient, documentClient, resetClients, s3Client, sesClient } from '../platform/lib/aws.js';
import { config, resetConfig } from '../platform/lib/config.js';
import { resetVerifier } from '../platform/http/verify-token.js';
import { ensureCampusUser } from '../features/identity/campus-users.js';
import { SIGN_IN_LIMITS, type SignInLimits, setSignInLimits } from '../features/identity/sign-in-throttle.js';
import { DEMO_ADMIN_EMAIL, DEMO_TENANT, seedDemoCampus } from './seed/demo-campus.js';
import { seedDemoFaculty } from './seed/demo-faculty.js';
import { seedDemoStudents } from './seed/demo-students.js';
import { seedDemoGroup } from './seed/demo-group.js';
import { seedDemoSurveys } from './seed/demo-surveys.js';
import { seedDemoAttainment } from './seed/demo-attainment.js';
import { seedDemoReports } from './seed/demo-reports.js';
import { seedDemoSar } from './seed/demo-sar.js';
import { seedDemoStructure } from './seed/demo-structure.js';
import { seedDemoResults } from './seed/demo-results.js';
import { allowSsoCallbacks, ensureBucket, ensureTable, ensureUserPool } from './bootstrap.js';
import { type Emulator, LOCAL_ISSUER_DOMAIN, startCognito, startDynamo, startS3, startSes } from './emulators.js';
import { listenOrExplain } from './emulator-wait.js';
import { LocalFederation, startFederationProxy } from './cognito-federation.js';
import { type LocalIdp, startLocalIdp } from './local-idp.js';
import { type SamlIdpKeys, newSamlIdpKeys, startLocalSamlIdp } from './local-saml-idp.js';
import { DEMO_SIGN_IN_DOMAIN, seedDemoSignInProvider } from './seed/demo-sign-in.js';
import { type LogOutput, consoleLogOutput, localInvocation, setLogOutput } from './log-output.js';
import { freePort, isPortFree } from './ports.js';
import { startServer } from './server.js';
import { LOCAL_EVENTS_TOPIC, startSesEventProxy } from './ses-events.js';
import { type LocalMailWorker, reconcileLocalReceipts, startLocalMailWorker } from './local-mail-worker.js';
import { startLocalResultsWorker } from './local-results-worker.js';
import { resumeInviteRuns } from './local-invites-worker.js';
import { undoCutShortSaves } from './local-saves.js';
import { setLocalSummaryComputer } from '../features/group/summary-computer.js';
import { type SummaryRefreshMeasure, resumeSummaryRefreshes, startLocalSummariesWorker } from './local-summaries-worker.js';
import { computeSummary } from '../features/group/summary-compute.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (functions/src/local -> ../../..). */
export const REPO_ROOT = resolve(here, '../../..');

export interface LocalStackOptions {
  /** Port of the one URL (API + site). 0 picks a free one. */
  port: number;
  /** Folder for DynamoDB, Cognito and S3 data; null = a temporary folder removed on stop. */
  dataDir: string | null;
  /** Seed the demo campus and its admin on first run. */
  seed: boolean;
  /** The demo admin's password; default: ATTAIN_ADMIN_PASSWORD, else the one saved in dataDir, else generated. */
  adminPassword?: string;
  /** Bind address of the one URL (default 127.0.0.1; the emulators always listen on 127.0.0.1 only). */
  host?: string;
  /**
   * Local mail (README "Mail on your machine"): SES's `MaxSendRate` the emulator reports (default
   * `ATTAIN_MAIL_SEND_RATE`, else 14 per second), how long after SES's Send event the delivery events follow (default
   * 500 ms), and whether the stack runs the bulk-mail worker itself (default true; tests that drive the worker turn
   * it off).
   */
  mail?: { sendRate?: number; eventDelayMs?: number; worker?: boolean };
  /** Throttle of the public survey route (default `PUBLIC_SURVEY_THROTTLE`, as deployed); the bench raises it. */
  publicSurveyThrottle?: { rate: number; burst: number };
  /**
   * Limits of the sign-in throttle (default `SIGN_IN_LIMITS`, as deployed). Every test client is 127.0.0.1, so the
   * integration tests raise the address's free failures; each start begins with no failures counted.
   */
  signInLimits?: Partial<SignInLimits>;
  /** Start the local college sign-in provider (`local-idp.ts`; default true). */
  identityProvider?: boolean;
  /** Told of each campus summary refresh the local worker ran (its DynamoDB calls and time); the bench counts them. */
  onSummaryRefresh?: (r: SummaryRefreshMeasure) => void;
  /** The table to serve (default `TABLE.defaultName`): a restored copy's name for the restore rehearsal (docs/restore.md). */
  tableName?: string;
  /** Told each step as it starts (`npm start` prints them), so a long first start shows where it is. */
  onStep?: (step: string) => void;
  /**
   * Serve the API, the queues' workers, the S3 and SNS events from a synthesized cloud assembly's own Lambda bundles
   * instead of in this process (the deployed-shape run, docs/deployed-shape.md): `assemblyDir` is `cdk synth`'s output,
   * every AWS call of the functions is appended to `callsFile` (JSON lines) and every line they write to `logsFile`
   * (at DEBUG), when given.
   */
  deployed?: { assemblyDir: string; callsFile?: string; logsFile?: string };
  /**
   * Told every 10 s while an emulator is still starting (`Waiting for DynamoDB Local (20 s)...`; `npm start` prints
   * them). The start waits as long as the emulator's process lives (`emulator-wait.ts`).
   */
  onWait?: (line: string) => void;
  /**
   * Where the product's log lines go (`setLogOutput`): default the console, readable, problems only
   * (`consoleLogOutput`: WARN unless `POWERTOOLS_LOG_LEVEL`/`LOG_LEVEL` says otherwise); the tests write them to a
   * file at DEBUG.
   */
  log?: LogOutput;
}

export interface LocalStack {
  url: string;
  adminEmail: string;
  adminPassword: string;
  /** True when this start generated the admin password (print it). */
  generatedPassword: boolean;
  /** The sample faculty members of the demo campus (seeded stacks only) and their shared password. */
  sampleFaculty?: { emails: readonly string[]; password: string };
  /** The sample students' accounts of the demo campus (seeded stacks only) and their shared password. */
  sampleStudents?: { emails: readonly string[]; password: string };
  /** The demo group's administrator and the admins of its campuses (who share the demo admin's password). */
  group?: { email: string; password: string; campusAdmins: readonly string[] };
  /** The environment the in-process API uses (endpoints, pool, table); tests reuse it. */
  env: Record<string, string>;
  /** The SES emulator's own address (127.0.0.1), whose `GET /store` lists every message it accepted; tests read it. */
  sesEmulatorUrl: string;
  /** The deployed-shape run, when `deployed` was given. */
  deployed?: DeployedRuntime;
  /**
   * The local college sign-in provider (decision 0063), registered as the demo campus's for `domains` when seeded:
   * its issuer; its login form takes any address with any password.
   */
  identityProvider?: { issuer: string; domains: readonly string[] };
  /** The local SAML provider (`local-saml-idp.ts`): its metadata URL, for a campus admin to give under College sign-in. */
  samlProvider?: { metadataUrl: string };
  stop(): Promise<void>;
}

/** The account the SES emulator reports to `GetAccount` (production access, `sendRate` messages per second). */
function localSesAccount(sendRate: number) {
  return {
    DedicatedIpAutoWarmupEnabled: false,
    Details: {
      AdditionalContactEmailAddresses: [],
      ContactLanguage: 'EN',
      MailType: 'TRANSACTIONAL',
      ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
      UseCaseDescription: 'Attain on one machine',
      WebsiteURL: 'http://localhost',
    },
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50_000, MaxSendRate: sendRate, SentLast24Hours: 0 },
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
  };
}

/** A password that satisfies Cognito's default policy (upper, lower, digit, symbol, >= 8). */
function generatePassword(): string {
  return `At-${randomBytes(9).toString('base64url')}-9a`;
}

/**
 * Starts the whole product on this machine: DynamoDB Local, cognito-local, s3rver and aws-ses-v2-local on free
 * ports; creates the table, bucket and user pool idempotently from the shared definitions; seeds the demo campus
 * and admin (when `seed`); then serves the API and the built frontend on `port`.
 * @throws EmulatorStartError when an emulator does not start (its process exits, its port is taken, or it runs without
 *   answering past `ATTAIN_EMULATOR_WAIT_S`): one line saying which, with its last output; Error when the port is taken.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  setLogOutput(opts.log ?? consoleLogOutput());
  const temp = opts.dataDir === null;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'attain-'));
  mkdirSync(dataDir, { recursive: true });
  const started: Emulator[] = [];
  let server: Server | undefined;
  let mailWorker: LocalMailWorker | undefined;
  let stopResults: (() => Promise<void>) | undefined;
  let stopSummaries: (() => Promise<void>) | undefined;
  let deployed: DeployedRuntime | undefined;
  let localIdp: LocalIdp | undefined;
  let samlMetadataUrl: string | undefined;
  const stop = async () => {
    await stopResults?.();
    await stopSummaries?.();
    await deployed?.stop();
    setLocalSummaryComputer(undefined);
    await mailWorker?.stop();
    if (server) await new Promise<void>((r) => server?.close(() => r()));
    server?.closeAllConnections?.();
    await Promise.all(started.map((e) => e.stop().catch(() => undefined)));
    if (temp) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const step = opts.onStep ?? (() => undefined);
    step('Starting DynamoDB Local and the Cognito, S3 and SES emulators');
    const [dPort, cPort, sPort, mPort, pPort, fPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const sendRate = opts.mail?.sendRate ?? (Number(process.env.ATTAIN_MAIL_SEND_RATE) || 14);
    // The SES emulator answers GetAccount from this variable (it reads it per request, in this process).
    process.env.AWS_SES_ACCOUNT = JSON.stringify(localSesAccount(sendRate));
    const waiting = { onProgress: opts.onWait };
    // All four start together; when one fails, the ones that did start are stopped with the rest (`stop`).
    const starts = await Promise.allSettled([
      startDynamo(dPort, join(dataDir, 'dynamodb'), undefined, waiting),
      startCognito(cPort, join(dataDir, 'cognito'), waiting),
      // S3 -> import worker, as the cloud's ObjectCreated notification does (only created objects under imports/).
      startS3(sPort, join(dataDir, 's3'), (e) => {
        const created = {
          Records: (e.Records ?? []).filter((r) => r.eventName?.startsWith('ObjectCreated') && r.s3?.object?.key?.startsWith('imports/')),
        };
        const run = deployed;
        if (run) void localInvocation('marks import', () => run.s3Created(e));
        else if (created.Records.length) void localInvocation('marks import', (context) => marksImportHandler(created, context));
      }),
      startSes(mPort, join(dataDir, 'ses')),
    ]);
    started.push(...starts.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
    const [dynamo, cognito, s3, ses] = starts.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    // SES events: the emulator emits none, so a proxy in front of it publishes them to the receipts handler (the
    // deployed run's subscribed function when there is one).
    const receipts = (e: SnsEvent) => (deployed ? deployed.snsPublished(e) : mailReceiptsHandler(e));
    const sesEvents = await listenOrExplain('The SES events proxy', `http://127.0.0.1:${pPort}`, () =>
      startSesEventProxy(pPort, ses.url, receipts, opts.mail?.eventDelayMs ?? 500),
    );
    started.push(sesEvents);
    // Identity providers: cognito-local federates with nobody, so a proxy in front of it answers the federation calls
    // (decision 0063), keeping them beside the pool's own files.
    const federation = new LocalFederation(join(dataDir, 'cognito', 'federation.json'));
    const cognitoProxy = await listenOrExplain('The Cognito federation proxy', `http://127.0.0.1:${fPort}`, () =>
      startFederationProxy(fPort, cognito.url, federation),
    );
    started.push(cognitoProxy);
    const env: Record<string, string> = {
      AWS_REGION: 'ap-south-1',
      AWS_ACCESS_KEY_ID: 'S3RVER', // s3rver accepts only its own key pair; the other emulators accept any
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoProxy.url,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_ENDPOINT_URL_SESV2: sesEvents.url,
      TABLE_NAME: opts.tableName ?? TABLE.defaultName,
      FILES_BUCKET: BUCKETS.files.localName,
      MAIL_CONFIGURATION_SET: 'attain-local',
      MAIL_FROM: 'no-reply@attain.localhost',
      MAIL_EVENTS_TOPIC_ARN: LOCAL_EVENTS_TOPIC,
    };
    Object.assign(process.env, env);
    resetConfig();
    resetClients();
    step('Creating the table, the user pool and the files bucket (kept from the last start)');
    await ensureTable(env.TABLE_NAME);
    const pool = await ensureUserPool();
    Object.assign(env, {
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      JWT_ISSUER: `${LOCAL_ISSUER_DOMAIN}/${pool.userPoolId}`,
      JWKS_URI: `${cognito.url}/${pool.userPoolId}/.well-known/jwks.json`,
      // cognito-local's ID tokens last 24 hours (its default for a client that sets none).
      ID_TOKEN_MAX_AGE_S: '86400',
    });
    Object.assign(process.env, env);
    resetConfig();
    resetClients();
    resetVerifier();
    // Bind this stack's clients and configuration now: the environment is process-wide, and a second stack in the
    // same process (the test runner starts one per test project) would otherwise be read by lazily made clients.
    config();
    documentClient();
    cognitoClient();
    await s3Client();
    // SES too: a client made at the first mail would read the endpoint of whichever stack set the environment last.
    await sesClient();

    const port = opts.port || (await freePort());
    const url = `http://localhost:${port}`;
    // The web client's sign-in through a college's provider comes back to this server's callback page, by either name.
    await allowSsoCallbacks(pool, [url, `http://127.0.0.1:${port}`]);
    if (opts.identityProvider !== false) {
      step('Starting the local college sign-in provider (OpenID Connect)');
      // Its port and client secret are kept in the data folder, so a restart leaves the demo campus's setting as it was.
      const idpFile = join(dataDir, 'local-idp.json');
      const kept = existsSync(idpFile) ? (JSON.parse(readFileSync(idpFile, 'utf8')) as { port: number; secret: string }) : undefined;
      const idpPort = kept && (await isPortFree(kept.port)) ? kept.port : await freePort();
      const secret = kept?.secret ?? randomBytes(24).toString('base64url');
      const idp = await startLocalIdp(
        idpPort,
        [url, `http://127.0.0.1:${port}`].map((o) => `${o}${IDP_RESPONSE_PATH}`),
        secret,
      );
      writeFileSync(idpFile, JSON.stringify({ port: idpPort, secret }), { mode: 0o600 });
      localIdp = idp;
      started.push({ url: idp.issuer, stop: idp.stop });
      step('Starting the local college sign-in provider (SAML 2.0)');
      // Its port and signing key are kept in the data folder too: a campus's setting names its metadata URL.
      const samlFile = join(dataDir, 'local-saml-idp.json');
      const keptSaml = existsSync(samlFile) ? (JSON.parse(readFileSync(samlFile, 'utf8')) as SamlIdpKeys & { port: number }) : undefined;
      const samlPort = keptSaml && (await isPortFree(keptSaml.port)) ? keptSaml.port : await freePort();
      const keys = keptSaml ?? (await newSamlIdpKeys());
      const samlIdp = await startLocalSamlIdp(samlPort, keys);
      writeFileSync(samlFile, JSON.stringify({ port: samlPort, key: keys.key, cert: keys.cert }), { mode: 0o600 });
      samlMetadataUrl = samlIdp.metadataUrl;
      started.push({ url: samlIdp.metadataUrl, stop: samlIdp.stop });
    }
    await ensureBucket(env.FILES_BUCKET, url);
    if (opts.deployed) {
      step("Starting the synthesized stack's Lambda bundles");
      deployed = await startDeployedRuntime({
        assembly: readCloudAssembly(opts.deployed.assemblyDir),
        local: {
          region: env.AWS_REGION,
          tableName: env.TABLE_NAME,
          filesBucket: env.FILES_BUCKET,
          userPoolId: pool.userPoolId,
          userPoolClientId: pool.clientId,
          configurationSet: env.MAIL_CONFIGURATION_SET,
        },
        baseEnv: runtimeBaseEnv(env),
        callsFile: opts.deployed.callsFile,
        logsFile: opts.deployed.logsFile,
      });
    }

    const pwFile = join(dataDir, 'admin-password');
    let adminPassword = opts.adminPassword ?? process.env.ATTAIN_ADMIN_PASSWORD;
    let generatedPassword = false;
    if (!adminPassword && existsSync(pwFile)) adminPassword = readFileSync(pwFile, 'utf8').trim();
    if (!adminPassword) {
      adminPassword = generatePassword();
      generatedPassword = true;
      writeFileSync(pwFile, adminPassword, { mode: 0o600 });
    }
    let sampleFaculty: LocalStack['sampleFaculty'];
    let sampleStudents: LocalStack['sampleStudents'];
    let group: LocalStack['group'];
    if (opts.seed) {
      step('Seeding the demo campus: organization and users');
      const sub = await ensureCampusUser({
        tenant: DEMO_TENANT,
        email: DEMO_ADMIN_EMAIL,
        password: adminPassword,
        role: 'admin',
        first_name: 'Campus',
        last_name: 'Administrator',
        createdBy: DEMO_ADMIN_EMAIL,
      });
      await seedDemoCampus();
      const admin: Caller = { tenant: DEMO_TENANT, role: 'admin', user: DEMO_ADMIN_EMAIL, sub };
      const scope = campusScope(admin);
      step('Seeding the demo campus: structure and curriculum');
      await seedDemoStructure(scope, admin);
      step('Seeding the demo campus: assessments and marks');
      await seedDemoAttainment(scope, admin);
      step('Seeding the demo campus: reports and surveys');
      await seedDemoReports(scope);
      await seedDemoSurveys(scope);
      // The sample faculty's password is made once and kept beside the admin's (never in the code).
      const facultyFile = join(dataDir, 'sample-faculty-password');
      const facultyPassword = existsSync(facultyFile) ? readFileSync(facultyFile, 'utf8').trim() : generatePassword();
      if (!existsSync(facultyFile)) writeFileSync(facultyFile, facultyPassword, { mode: 0o600 });
      step('Seeding the demo campus: faculty and their records');
      sampleFaculty = { emails: await seedDemoFaculty(admin, facultyPassword), password: facultyPassword };
      // The sample students sign in with a password of their own, kept like the others.
      const studentFile = join(dataDir, 'sample-student-password');
      const studentPassword = existsSync(studentFile) ? readFileSync(studentFile, 'utf8').trim() : generatePassword();
      if (!existsSync(studentFile)) writeFileSync(studentFile, studentPassword, { mode: 0o600 });
      step('Seeding the demo campus: student accounts');
      sampleStudents = { emails: await seedDemoStudents(scope, studentPassword), password: studentPassword };
      // The demo group: a second campus and the group administrator, whose password is kept like the others.
      const groupFile = join(dataDir, 'group-admin-password');
      const groupPassword = existsSync(groupFile) ? readFileSync(groupFile, 'utf8').trim() : generatePassword();
      if (!existsSync(groupFile)) writeFileSync(groupFile, groupPassword, { mode: 0o600 });
      step('Seeding the demo group and its campuses');
      const signIns = await seedDemoGroup(adminPassword, groupPassword);
      group = { email: signIns.groupAdmin, password: groupPassword, campusAdmins: signIns.campusAdmins };
      step('Computing attainment results');
      await seedDemoResults();
      step('Seeding the demo program: SAR data and sections');
      await seedDemoSar(scope);
      if (localIdp) {
        step("Registering the local sign-in provider as the demo campus's");
        await seedDemoSignInProvider(scope, localIdp);
      }
    }
    const undone = await undoCutShortSaves();
    if (undone) step(`Undid ${undone} marks saves left unfinished by the last stop`);
    if (opts.mail?.worker !== false) {
      // Receipts a killed stack left short of a final state are settled from the SES emulator's store first.
      const settled = await reconcileLocalReceipts(ses.url, receipts, env.MAIL_CONFIGURATION_SET);
      if (settled) step(`Settled ${settled} mail receipts left unfinished by the last stop`);
      // The deployed run's mail queue reaches the synthesized mail sender instead.
      if (!deployed) {
        mailWorker = await startLocalMailWorker(ses.url);
        // The mail worker also does the students' invitation runs, with those a stop or kill cut short resumed.
        const runs = await resumeInviteRuns();
        if (runs) step(`Resumed ${runs} student invitation runs left unfinished by the last stop`);
      }
    }
    if (!deployed) {
      // Registered after the seed, which stamps its writes and computes every program once (`seedDemoResults`).
      stopResults = startLocalResultsWorker();
      // The campus summaries Lambda's work, in this process: summaries a read lacks (`summary-computer.ts`), and the
      // refreshes a change queues (`summary-refresh.ts`), with those a stop or kill cut short queued again.
      setLocalSummaryComputer(computeSummary);
      stopSummaries = startLocalSummariesWorker(opts.onSummaryRefresh);
      const resumed = await resumeSummaryRefreshes();
      if (resumed) step(`Queued ${resumed} campus summary refreshes (left unfinished by the last stop, or for changes stamped since)`);
    }
    setSignInLimits({ ...SIGN_IN_LIMITS, ...opts.signInLimits });
    step('Starting the web server');
    server = await startServer({
      port,
      host: opts.host,
      siteDir: join(REPO_ROOT, 'frontend', 'dist'),
      cognitoUrl: cognito.url,
      publicConfig: { region: env.AWS_REGION, userPoolId: pool.userPoolId, userPoolClientId: pool.clientId },
      publicSurveyThrottle: opts.publicSurveyThrottle,
      tokenKeyFile: join(dataDir, 'cognito', 'signing-keys.json'),
      federation,
      // The deployed-shape run's user pool calls the synthesized trigger functions, as Cognito would.
      ...(deployed ? { userPoolTrigger: (deployed as DeployedRuntime).userPoolTrigger } : {}),
      ...(deployed ? { api: deployed.api } : {}),
    });
    return {
      url,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword,
      generatedPassword,
      sampleFaculty,
      sampleStudents,
      group,
      env,
      sesEmulatorUrl: ses.url,
      ...(localIdp ? { identityProvider: { issuer: localIdp.issuer, domains: [DEMO_SIGN_IN_DOMAIN] } } : {}),
      ...(samlMetadataUrl ? { samlProvider: { metadataUrl: samlMetadataUrl } } : {}),
      ...(deployed ? { deployed } : {}),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
