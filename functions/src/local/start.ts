import { join } from 'node:path';
import { EmulatorStartError } from './emulator-wait.js';
import { PrerequisiteError, assertJava } from './emulators.js';
import { isPortFree } from './ports.js';
import { REPO_ROOT, startLocalStack } from './stack.js';
import { errorMessage } from '@attain/shared-types';

/**
 * `npm start`: runs the product on one machine. Data is kept in `.local/` (git-ignored), so a restart keeps
 * every record. Ctrl-C stops every process it started. Missing Java or a busy port is one clear line. A slow
 * emulator is waited for as long as its process lives, with a line every 10 s; one that fails (its process exits, its
 * port is taken) is one clear line followed by its last output (`emulator-wait.ts`).
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new PrerequisiteError(`PORT must be a port number, not "${process.env.PORT}".`);
  assertJava();
  if (!(await isPortFree(port)))
    throw new PrerequisiteError(`Port ${port} is already in use: stop what is using it, or run with PORT=<another port> npm start.`);
  console.log('Starting Attain...');
  const started = Date.now();
  let n = 0;
  // The product listens on 127.0.0.1 only; HOST=0.0.0.0 (or an address) opens it to the network on purpose.
  const stack = await startLocalStack({
    port,
    dataDir: process.env.ATTAIN_DATA_DIR ?? join(REPO_ROOT, '.local'),
    tableName: process.env.ATTAIN_TABLE_NAME || undefined,
    seed: true,
    host: process.env.HOST || undefined,
    onStep: (step) => console.log(`  ${++n}. ${step}... (${((Date.now() - started) / 1000).toFixed(0)} s)`),
    onWait: (line) => console.log(`     ${line}`),
  });
  console.log('');
  console.log(`Attain is running at ${stack.url} (started in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(
    `Sign in as ${stack.adminEmail} with password ${stack.adminPassword}` +
      (stack.generatedPassword ? ' (generated now and kept in .local/admin-password; set ATTAIN_ADMIN_PASSWORD to choose one)' : ''),
  );
  if (stack.sampleFaculty)
    console.log(
      `Sample faculty (demo data): ${stack.sampleFaculty.emails.join(', ')} with password ${stack.sampleFaculty.password}` +
        ' (kept in .local/sample-faculty-password)',
    );
  if (stack.sampleStudents?.emails.length) {
    const { emails, password } = stack.sampleStudents;
    console.log(
      `Sample students (demo data): ${emails.length} accounts, ${emails[0]} to ${emails.at(-1)} (one per roll number), with password ${password}` +
        ' (kept in .local/sample-student-password)',
    );
  }
  if (stack.group) {
    console.log(
      `Group administrator (both demo campuses): ${stack.group.email} with password ${stack.group.password} (kept in .local/group-admin-password)`,
    );
    console.log(
      `The second demo campus's administrator: ${stack.group.campusAdmins.slice(1).join(', ')}, with the campus administrator's password`,
    );
  }
  if (stack.identityProvider)
    console.log(
      `College sign-in: type an address of ${stack.identityProvider.domains.join(', ')} on the sign-in page and "Continue with" it; ` +
        `the local college provider (${stack.identityProvider.issuer}, a development one: it warns so above) takes any password`,
    );
  if (stack.samlProvider)
    console.log(
      `A local SAML 2.0 provider is there to try too: give ${stack.samlProvider.metadataUrl} as the SAML metadata URL under ` +
        'Utilities > College sign-in (it also takes any address with any password)',
    );
  console.log(`Mail is kept, not sent: the messages the SES emulator accepted are at ${stack.sesEmulatorUrl}/store (this machine only)`);
  console.log('Press Ctrl-C to stop.');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Attain...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  if (e instanceof PrerequisiteError) console.error(`Cannot start Attain: ${e.message}`);
  else if (e instanceof EmulatorStartError) {
    console.error(`Cannot start Attain: ${e.message}`);
    if (e.output) console.error(`Its last output:\n${e.output.replace(/^/gm, '  | ')}`);
  } else console.error(`Cannot start Attain: ${errorMessage(e).split('\n')[0]}`);
  process.exit(1);
});
