import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The backend's layers as the linter enforces them (eslint.config.js, docs/architecture.md): code is linted as if it
 * were a file at a given place in the tree (ESLint's `lintText` with a file path), so the test writes nothing.
 */
const cwd = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd });

/** The messages of the import rule for `code` placed at `path` (relative to the repository). */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${cwd}/${path}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('backend import layers', { timeout: 60_000 }, () => {
  it('refuses a DynamoDB call outside a store, and accepts it in a store', async () => {
    const code = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const c = GetCommand;\n";
    expect(await importErrors('functions/src/features/marks/new-logic.ts', code)).toEqual([
      expect.stringContaining('Only a store calls DynamoDB'),
    ]);
    expect(await importErrors('functions/src/platform/http/new-plumbing.ts', code)).toHaveLength(1);
    expect(await importErrors('functions/src/features/marks/marks-store.ts', code)).toEqual([]);
    expect(await importErrors('functions/src/features/marks/store.ts', code)).toEqual([]);
    expect(await importErrors('functions/src/platform/store/new-table.ts', code)).toEqual([]);
  });

  it('refuses an upward import: platform -> feature, feature -> Lambda bundle, product code -> local stack', async () => {
    const platformUp = "import { x } from '../../features/attainment/result-store.js';\nexport const y = x;\n";
    expect(await importErrors('functions/src/platform/store/records2.ts', platformUp)).toEqual([
      expect.stringContaining('platform/ is below every feature'),
    ]);
    const featureUp = "import { x } from '../../lambdas/bundles/survey.js';\nexport const y = x;\n";
    expect(await importErrors('functions/src/features/survey/new.ts', featureUp)).toEqual([
      expect.stringContaining('A feature imports no Lambda bundle'),
    ]);
    const local = "import { x } from '../../local/stack.js';\nexport const y = x;\n";
    expect(await importErrors('functions/src/features/survey/new.ts', local)).toEqual([expect.stringContaining('local stack')]);
    // Data files the seed ships may be read by a feature (NBA's program outcomes).
    const data = "import nba from '../../local/seed/data/nba-program-outcomes.json' with { type: 'json' };\nexport const y = nba;\n";
    expect(await importErrors('functions/src/features/structure/new.ts', data)).toEqual([]);
  });

  it("refuses a feature importing a feature above it, or another feature's files instead of its index.ts", async () => {
    const up = "import { storedProgramAttainment } from '../attainment/index.js';\nexport const y = storedProgramAttainment;\n";
    expect(await importErrors('functions/src/features/curriculum/new.ts', up)).toEqual([
      expect.stringContaining('curriculum comes before attainment in the declared order of features'),
    ]);
    // From a feature's sub-folder too (a report builder may not import the SAR, which sits above reports).
    const fromBuilder = "import { sarView } from '../../sar/index.js';\nexport const y = sarView;\n";
    expect(await importErrors('functions/src/features/reports/builders/new.ts', fromBuilder)).toEqual([
      expect.stringContaining('reports comes before sar'),
    ]);
    const deep = "import { readMatrix } from '../curriculum/co-po-matrix.js';\nexport const y = readMatrix;\n";
    expect(await importErrors('functions/src/features/attainment/new.ts', deep)).toEqual([
      expect.stringContaining('Import the curriculum feature through its index.ts'),
    ]);
    const down = "import { readMatrix } from '../curriculum/index.js';\nexport const y = readMatrix;\n";
    expect(await importErrors('functions/src/features/attainment/new.ts', down)).toEqual([]);
    // A store keeps the order rules (and may call DynamoDB).
    const storeUp =
      "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nimport { x } from '../group/index.js';\nexport const y = [GetCommand, x];\n";
    expect(await importErrors('functions/src/features/marks/store.ts', storeUp)).toEqual([
      expect.stringContaining('marks comes before group'),
    ]);
  });

  it('lets a feature use platform and a Lambda bundle use features', async () => {
    const down = "import { getRecord } from '../../platform/store/records.js';\nexport const y = getRecord;\n";
    expect(await importErrors('functions/src/features/survey/new.ts', down)).toEqual([]);
    const compose = "import { surveyDomain } from '../bundles/survey.js';\nexport const y = surveyDomain;\n";
    expect(await importErrors('functions/src/lambdas/api/new.ts', compose)).toEqual([]);
  });

  it('refuses a frontend call that names its own response type, outside the typed clients', async () => {
    const code = "import { api } from '../app/api';\nexport const read = () => api<{ data: string }>('GET', '/api/x');\n";
    const errors = async (path: string) =>
      (await eslint.lintText(code, { filePath: `${cwd}/${path}` }))[0].messages.filter((m) => m.ruleId === 'no-restricted-syntax');
    expect(await errors('frontend/src/features/attainment/new-page.tsx')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('call(contract') }),
    ]);
    expect(await errors('frontend/src/app/api-client.ts')).toEqual([]);
  });
});
