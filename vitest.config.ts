import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The deployed-shape run's permissions check reads every call of the run: it goes after every other file. */
class PermissionsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('deployed/permissions.test.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

/**
 * The product's log lines (Powertools Logger) written by code a test file runs itself stay out of the run's output;
 * the local stacks' lines go to their log file (functions/tests/integration/global-setup.ts).
 */
const QUIET_LOGS = { POWERTOOLS_LOG_LEVEL: 'SILENT' };

/** Where the JSON report goes when `CI` is set; `.ci/run` reads its counts. */
const CI_REPORT = '.tmp/vitest-report.json';
const ci = Boolean(process.env.CI) && process.env.CI !== 'false';

/**
 * One runner for every tier. `npm test` runs all projects; under CI (`CI` set) a JSON report is written beside the
 * default output, so `.ci/run` runs plain `npm test` and sums the report.
 * integration and e2e start their own local stack (emulators on free ports, temporary data).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: PermissionsLast },
    reporters: ci ? ['default', 'json'] : ['default'],
    ...(ci ? { outputFile: { json: CI_REPORT } } : {}),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared-types/tests/**/*.test.ts', 'functions/tests/unit/**/*.test.ts'],
          environment: 'node',
          // The product's log lines stay out of the run's output (a test that reads them sets its own output).
          env: QUIET_LOGS,
        },
      },
      {
        test: {
          name: 'frontend',
          include: ['frontend/tests/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['frontend/tests/setup.ts'],
          testTimeout: 30_000,
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/tests/integration/**/*.test.ts'],
          globalSetup: ['functions/tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          env: QUIET_LOGS,
        },
      },
      {
        // The deployed-shape run (docs/deployed-shape.md): the synthesized stack's own Lambda bundles behind its route
        // table, queues and events, with the tenancy, mail, marks-saving and log integration files run against it.
        test: {
          name: 'deployed',
          include: [
            'functions/tests/deployed/**/*.test.ts',
            'functions/tests/integration/campus-isolation.test.ts',
            'functions/tests/integration/send-mail.test.ts',
            'functions/tests/integration/marks-saves.test.ts',
            'functions/tests/integration/logs.test.ts',
          ],
          globalSetup: ['functions/tests/deployed/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          env: QUIET_LOGS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // A polled expectation waits as a person would for the page to show what it should: 1 s (vitest's default)
          // is too short for a save's round trip with both cores busy; 15 s fails only what never comes.
          expect: { poll: { timeout: 15_000 } },
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
