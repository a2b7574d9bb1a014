import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLogCampus } from '../../src/platform/lib/log.js';
import { setLogOutput } from '../../src/local/log-output.js';

const runImportJob = vi.fn();
vi.mock('../../src/features/marks/import-jobs.js', () => ({ runImportJob }));
const { handler } = await import('../../src/lambdas/workers/marks-import.js');

const record = (key?: string) => ({ s3: { bucket: { name: 'files' }, object: key === undefined ? {} : { key } } });

describe('the marks import worker', () => {
  afterEach(() => setLogOutput({ to: () => undefined, level: 'SILENT' }));
  it("runs each record's job, and a skipped record's line carries no campus of the record before it", async () => {
    // As runImportJob does once it has read the key: the upload's campus joins the invocation's lines.
    runImportJob.mockImplementation(async (_bucket: string, key: string) => setLogCampus(key.split('/')[1]));
    const lines: Record<string, unknown>[] = [];
    setLogOutput({ to: (l) => lines.push(JSON.parse(l) as Record<string, unknown>), level: 'DEBUG' });
    await handler(
      { Records: [record('imports/campus-a/occ/job-1.csv'), record(), record('imports/campus-b/occ/job-2.csv')] },
      {
        awsRequestId: 'inv-1',
      },
    );
    expect(runImportJob.mock.calls).toEqual([
      ['files', 'imports/campus-a/occ/job-1.csv'],
      ['files', 'imports/campus-b/occ/job-2.csv'],
    ]);
    const skipped = lines.filter((l) => String(l.message).includes('skipped'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ request_id: 'inv-1' });
    expect(skipped[0].campus).toBeUndefined();
  });
});
