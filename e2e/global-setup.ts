import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../functions/src/local/stack.js';

/** Starts the whole product (built frontend + API + emulators, temporary data) for the browser tests. */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({ port: 0, dataDir: null, seed: true, adminPassword: 'E2e-Admin-Pass-1!', host: '127.0.0.1' });
  project.provide('e2eUrl', stack.url);
  project.provide('e2eAdmin', { email: stack.adminEmail, password: stack.adminPassword });
  project.provide('e2eSesUrl', stack.sesEmulatorUrl);
  if (!stack.group) throw new Error('The demo group was not seeded');
  project.provide('e2eGroup', { email: stack.group.email, password: stack.group.password });
  if (!stack.sampleStudents) throw new Error('The demo students were not seeded');
  project.provide('e2eStudents', { emails: [...stack.sampleStudents.emails], password: stack.sampleStudents.password });
  if (!stack.samlProvider) throw new Error('The local SAML provider was not started');
  // The second demo campus, whose admin sets a SAML provider in the browser test of college sign-in.
  project.provide('e2eSaml', { metadataUrl: stack.samlProvider.metadataUrl, campusAdmin: stack.group.campusAdmins[1] ?? '' });
  return async () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eUrl: string;
    e2eAdmin: { email: string; password: string };
    /** The SES emulator's own address: `GET /store` lists every message it accepted (a survey invitation's link). */
    e2eSesUrl: string;
    /** The demo group's administrator (issue 16), who reads both demo campuses. */
    e2eGroup: { email: string; password: string };
    /** The demo campus's sample students' accounts (issue 43): addresses by roll number, one password. */
    e2eStudents: { emails: string[]; password: string };
    /** The local SAML provider's metadata URL, and the second demo campus's admin (the demo admin's password). */
    e2eSaml: { metadataUrl: string; campusAdmin: string };
  }
}
