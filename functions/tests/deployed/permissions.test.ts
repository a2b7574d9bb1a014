import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPermissions } from '../../src/local/deployed/permissions.js';
import { REPO_ROOT } from '../../src/local/stack.js';
import { assembly, calls, local, records } from './deployed-run.js';

/**
 * Permissions as deployed (issue 45, docs/deployed-shape.md): run after every other file of the deployed-shape run
 * (the sequencer in vitest.config.ts puts it last), it checks each AWS call the run's functions made against the
 * statements of their roles' policies in the synthesized template.
 */
describe('permissions as deployed', () => {
  it("makes no AWS call that its role's policies in the template would deny", () => {
    // No queue message of the run failed every try.
    expect(records().filter((r) => 'deadLetter' in r)).toEqual([]);
    const ran = new Set(records().map((r) => r.fn));
    expect([...assembly.functions.keys()].filter((fn) => !ran.has(fn))).toEqual([]);
    const report = checkPermissions(assembly, { ...local(), sqsUrl: '' }, calls());
    expect(report.denied, JSON.stringify(report.denied)).toEqual([]);
    // Every function made calls the check read (each reads the table at least).
    expect(report.grants.map((g) => g.fn).sort()).toEqual([...assembly.functions.keys()].sort());
    // The measured table (docs/permissions.md is this file as of its date).
    const rows = report.grants
      .map((g) => `| ${g.fn.replace(/[A-F0-9]{8}$/, '')} | ${g.used.join(', ')} | ${g.unused.join(', ') || 'none'} |`)
      .sort();
    writeFileSync(
      join(REPO_ROOT, '.tmp', 'deployed-permissions.md'),
      ['| Function (logical id) | Actions its calls used | Granted, no call used |', '|---|---|---|', ...rows, ''].join('\n'),
    );
  });
});
