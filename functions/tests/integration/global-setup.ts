import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureCampusUser } from '../../src/features/identity/campus-users.js';
import { type LocalStack, type LocalStackOptions, startLocalStack } from '../../src/local/stack.js';
import { ensureGroup, registerCampus } from '../../src/platform/store/campus-registry.js';

/**
 * Starts one local stack (temporary data, demo campus seeded) for the integration tests, adds a second campus's
 * admin and two demo-campus faculty members, and hands their credentials to the tests, and the file of its log lines.
 */
export default async function setup(project: TestProject) {
  const stack = await startTestStack(project);
  return async () => stack.stop();
}

/**
 * The integration tests' stack and users (see `setup`), with `more` options: the deployed-shape run passes its
 * synthesized assembly (functions/tests/deployed/global-setup.ts). Every log line of the product, at DEBUG, goes to
 * one file (`logFile`, removed when the stack stops) instead of the test run's output: the lines of this process and,
 * in the deployed-shape run, every line the functions write.
 */
export async function startTestStack(project: TestProject, more: Partial<LocalStackOptions> = {}): Promise<LocalStack> {
  const logDir = mkdtempSync(join(tmpdir(), 'attain-test-logs-'));
  const logFile = join(logDir, 'logs.jsonl');
  let logFd: number | undefined = openSync(logFile, 'a');
  const closeLog = () => {
    if (logFd !== undefined) closeSync(logFd);
    logFd = undefined;
    rmSync(logDir, { recursive: true, force: true });
  };
  const started = await startLocalStack({
    port: 0,
    dataDir: null,
    seed: true,
    adminPassword: 'Demo-Admin-Pass-1!',
    host: '127.0.0.1',
    mail: { eventDelayMs: 50 },
    // Every test signs in from 127.0.0.1: the address's count would make one test's wrong passwords slow the next.
    signInLimits: { addressFreeFailures: 10_000 },
    // A line written after the stack stopped (a timer of a stopped worker) is dropped.
    log: { to: (line) => void (logFd !== undefined && writeSync(logFd, `${line}\n`)), level: 'DEBUG' },
    ...more,
    ...(more.deployed ? { deployed: { ...more.deployed, logsFile: logFile } } : {}),
  }).catch((e: unknown) => {
    closeLog();
    throw e;
  });
  const stack: LocalStack = {
    ...started,
    async stop() {
      await started.stop();
      closeLog();
    },
  };
  const users = {
    demoAdmin: { email: stack.adminEmail, password: stack.adminPassword },
    otherAdmin: { email: 'admin@other-campus.example', password: 'Other-Admin-Pass-1!' },
    demoFaculty: { email: 'teacher@attain.example', password: 'Teacher-Pass-1!' },
    demoFaculty2: { email: 'lecturer@attain.example', password: 'Lecturer-Pass-1!' },
    groupAdmin: { email: stack.group?.email ?? '', password: stack.group?.password ?? '' },
    otherGroupAdmin: { email: 'group@other-group.example', password: 'Other-Group-Pass-1!' },
    demoStudent: { email: 'student@attain.example', password: 'Student-Pass-1!' },
  };
  await ensureCampusUser({
    tenant: 'other',
    ...users.otherAdmin,
    role: 'admin',
    first_name: 'Other',
    last_name: 'Admin',
    createdBy: 'test-setup',
  });
  // Group H: the other campus in a group of its own, with its administrator (the demo campuses are group G).
  await ensureGroup({ id: 'other-group', name: 'Other Education Society' }, 'test-setup');
  await registerCampus(
    {
      id: 'other',
      group: 'other-group',
      name: 'Other College',
      status: 'Active',
      admin_email: users.otherAdmin.email,
      created_by: 'test-setup',
    },
    { adopt: true },
  );
  await ensureCampusUser({
    tenant: 'other-group',
    ...users.otherGroupAdmin,
    role: 'group-admin',
    first_name: 'Other',
    last_name: 'Group',
    createdBy: 'test-setup',
  });
  await ensureCampusUser({
    tenant: 'demo',
    ...users.demoFaculty,
    role: 'faculty',
    first_name: 'Asha',
    last_name: 'Rao',
    createdBy: stack.adminEmail,
  });
  await ensureCampusUser({
    tenant: 'demo',
    ...users.demoFaculty2,
    role: 'faculty',
    first_name: 'Vikram',
    last_name: 'Menon',
    createdBy: stack.adminEmail,
  });
  await ensureCampusUser({
    tenant: 'demo',
    ...users.demoStudent,
    role: 'student',
    first_name: 'Divya',
    last_name: 'Nair',
    createdBy: stack.adminEmail,
  });
  project.provide('stackUrl', stack.url);
  project.provide('users', users);
  project.provide('sampleStudents', { emails: [...(stack.sampleStudents?.emails ?? [])], password: stack.sampleStudents?.password ?? '' });
  project.provide('stackEnv', stack.env);
  project.provide('sesEmulatorUrl', stack.sesEmulatorUrl);
  project.provide('logFile', logFile);
  project.provide('samlMetadataUrl', stack.samlProvider?.metadataUrl ?? '');
  return stack;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    users: Record<
      'demoAdmin' | 'otherAdmin' | 'demoFaculty' | 'demoFaculty2' | 'groupAdmin' | 'otherGroupAdmin' | 'demoStudent',
      { email: string; password: string }
    >;
    /** The demo campus's sample students' sign-in addresses (by roll number) and their shared password. */
    sampleStudents: { emails: string[]; password: string };
    /** The stack's environment: emulator endpoints (`AWS_ENDPOINT_URL_*`), pool and table. */
    stackEnv: Record<string, string>;
    /** The SES emulator's own address: `GET /store` lists every message it accepted. */
    sesEmulatorUrl: string;
    /** The local SAML provider's metadata URL (`local-saml-idp.ts`). */
    samlMetadataUrl: string;
    /** Every log line of the product while the tests run (JSON lines, DEBUG and above), as written. */
    logFile: string;
  }
}
