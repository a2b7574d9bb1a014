import { defineConfig } from 'vitest/config';

/**
 * One runner for every tier. `npm test` runs all projects; `.ci/run` sums the JSON report.
 * integration and e2e start their own local stack (emulators on free ports, temporary data).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['shared-types/tests/**/*.test.ts', 'functions/tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'frontend', include: ['frontend/tests/**/*.test.{ts,tsx}'], environment: 'jsdom' }, esbuild: { jsx: 'automatic' } },
      { test: { name: 'infra', include: ['infra/tests/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'integration',
          include: ['functions/tests/integration/**/*.test.ts'],
          globalSetup: ['functions/tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
