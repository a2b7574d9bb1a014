import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CRUD_ENTITIES, apiDomains } from '@attain/shared-types';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLING, REPO_ROOT, handlerEntry } from '../lib/bundling.js';
import { RESULTS_WRITER_DOMAINS } from '../lib/attain-stack.js';

/** The entity definition files in the Lambda bundle of `name`, built as the stack builds it (`BUNDLING`). */
async function entityFilesIn(name: 'auth' | 'survey' | 'mail-sender'): Promise<string[]> {
  const r = await build({
    entryPoints: [handlerEntry(name)],
    bundle: true,
    platform: 'node',
    write: false,
    metafile: true,
    outfile: `${REPO_ROOT}/.tmp/bundle-test/${name}.mjs`,
    minify: BUNDLING.minify,
    target: BUNDLING.target,
    format: BUNDLING.format,
    external: BUNDLING.externalModules,
    alias: BUNDLING.alias,
    logLevel: 'silent',
  });
  const inputs = Object.values(r.metafile.outputs)[0].inputs;
  return Object.keys(inputs).filter((p) => inputs[p].bytesInOutput > 0 && /shared-types\/src\/(entities|survey)\//.test(p));
}

describe('Lambda bundles', () => {
  it("carry their own domain's entity definitions, not the whole registry", async () => {
    // The survey Lambda serves stakeholders, templates and surveys; the faculty's records are another Lambda's.
    const survey = await entityFilesIn('survey');
    expect(survey).toEqual(expect.arrayContaining(['shared-types/src/survey/survey.ts', 'shared-types/src/survey/stakeholder.ts']));
    expect(survey.filter((p) => p.includes('/entities/faculty/') && !p.endsWith('personal-record.ts'))).toEqual([]);
    // The auth Lambda serves no CRUD entity: of the faculty records, topics and question banks it carries nothing.
    const auth = await entityFilesIn('auth');
    for (const e of CRUD_ENTITIES.filter((x) => x.domain === 'faculty' || x.domain === 'assessments' || x.name === 'topic'))
      expect(auth.join('\n'), e.name).not.toMatch(new RegExp(`/${e.name}\\.ts`));
    // A worker reads no registry at all: not even the reference index every API Lambda carries.
    expect((await entityFilesIn('mail-sender')).filter((p) => p.endsWith('reference-index.ts'))).toEqual([]);
  });

  it('carry the rich-text sanitizer without its CSS filter, and the bundled sanitizer drops scripts, handlers and styles', async () => {
    const r = await build({
      stdin: {
        contents: "export { sanitizeHtml } from './functions/src/platform/lib/sanitize-html.ts';",
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      write: false,
      metafile: true,
      outfile: `${REPO_ROOT}/.tmp/bundle-test/sanitize.mjs`,
      format: BUNDLING.format,
      target: BUNDLING.target,
      alias: BUNDLING.alias,
      banner: { js: BUNDLING.banner },
      logLevel: 'silent',
    });
    const inputs = Object.keys(Object.values(r.metafile.outputs)[0].inputs);
    expect(inputs.filter((p) => p.includes('node_modules/cssfilter'))).toEqual([]);
    expect(inputs).toContain('functions/src/platform/lib/no-css-filter.ts');
    const file = `${REPO_ROOT}/.tmp/bundle-test/sanitize-${process.pid}.mjs`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, r.outputFiles[0].contents);
    const { sanitizeHtml } = (await import(pathToFileURL(file).href)) as { sanitizeHtml: (html: string) => string };
    expect(sanitizeHtml('<p style="color:red" onclick="x()">Hi <script>alert(1)</script><a href="javascript:x()">l</a></p>')).toBe(
      '<p>Hi <a href>l</a></p>',
    );
  });
});

describe('the results queue', () => {
  it('is given to every API Lambda whose code can queue a results job (scheduleResults kept in its bundle), and only to those', async () => {
    const r = await build({
      entryPoints: Object.fromEntries(apiDomains().map((d) => [d, handlerEntry(d)])),
      bundle: true,
      platform: 'node',
      write: false,
      metafile: true,
      outdir: `${REPO_ROOT}/.tmp/bundle-test/queue`,
      minify: BUNDLING.minify,
      target: BUNDLING.target,
      format: BUNDLING.format,
      external: BUNDLING.externalModules,
      alias: BUNDLING.alias,
      logLevel: 'silent',
    });
    // Every bundle declares the queue (the module's first statement); one that can queue a job keeps more of it.
    const queueBytes = (o: (typeof r.metafile.outputs)[string]) =>
      o.inputs['functions/src/features/course-inputs/results-queue.ts']?.bytesInOutput ?? 0;
    const declared = Math.min(
      ...Object.values(r.metafile.outputs)
        .map(queueBytes)
        .filter((b) => b > 0),
    );
    const queueing = Object.values(r.metafile.outputs)
      .filter(
        (o) => queueBytes(o) > declared || (o.inputs['functions/src/features/course-inputs/write-course-input.ts']?.bytesInOutput ?? 0) > 0,
      )
      .map((o) => String(o.entryPoint).replace(/^.*\/api\/(.*)\.ts$/, '$1'))
      .sort();
    expect(queueing).toEqual([...RESULTS_WRITER_DOMAINS].sort());
  });
});
