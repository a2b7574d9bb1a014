import { readFileSync, readdirSync } from 'node:fs';
import * as shared from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import {
  FROZEN_DOCUMENTS,
  FROZEN_INPUTS,
  FROZEN_PARTITIONS,
  GATED_BY_OWN_HOOKS,
  NOT_FROZEN_INPUTS,
} from '../../src/features/course-inputs/frozen-inputs.js';

/** The sources of the computation of a year's figures: what an approved (frozen) year's snapshot reads. */
const src = (p: string) => new URL(`../../src/features/${p}`, import.meta.url);
const COMPUTATION = [
  ...readdirSync(src('attainment')).map((f) => `attainment/${f}`),
  'survey/survey-tally.ts',
  'survey/indirect-evidence.ts',
  'marks/occasion-sheet.ts',
  'curriculum/co-po-matrix.ts',
  'course-inputs/method-store.ts',
];

/** Every record type and document kind the computation reads, from its store calls. */
function reads() {
  const entities = new Set<string>();
  const documents = new Set<string>();
  const exported = shared as unknown as Record<string, { name?: string; fields?: unknown }>;
  for (const file of COMPUTATION) {
    const text = readFileSync(src(file), 'utf8');
    // `program as programEntity`: the local name of an imported definition.
    const aliases = new Map([...text.matchAll(/\b(\w+) as (\w+)\b/g)].map((m) => [m[2], m[1]]));
    for (const m of text.matchAll(/\b(?:queryByField|listAll|getRecord|findRecord|recordsByIds)\(\s*[\w.]*scope,\s*(\w+)/g)) {
      const def = exported[aliases.get(m[1]) ?? m[1]];
      if (def?.fields && def.name) entities.add(def.name);
    }
    for (const m of text.matchAll(/\b(?:getDocuments?|documentsInScope)\(\s*[\w.]*scope,\s*'([a-z-]+)'/g)) documents.add(m[1]);
  }
  return { entities, documents };
}

/**
 * The store functions that read a partition straight (`readPartition` or a Query of their own) and that the computation
 * calls: items that are neither records nor documents, so the scan above cannot see them.
 */
function partitionReads(): string[] {
  const stores = readdirSync(src(''), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('-store.ts'));
  const readers = new Set<string>();
  for (const file of stores) {
    const text = readFileSync(src(file), 'utf8');
    // Each exported function's text runs to the next export.
    for (const part of text.split(/\n(?=export )/)) {
      const name = /^export (?:async )?function (\w+)/.exec(part)?.[1];
      if (name && /\b(?:readPartition|QueryCommand)\b/.test(part.replace(/\/\*\*[\s\S]*?\*\//g, ''))) readers.add(name);
    }
  }
  const called = new Set<string>();
  for (const file of COMPUTATION)
    for (const m of readFileSync(src(file), 'utf8').matchAll(/\b(\w+)\(/g)) if (readers.has(m[1])) called.add(m[1]);
  return [...called];
}

describe('the frozen-year gate covers what a frozen figure reads', () => {
  it('finds the record types and documents the computation reads (the scan works)', () => {
    const { entities, documents } = reads();
    expect([...entities]).toEqual(expect.arrayContaining(['course-outcome', 'occasion', 'student', 'survey', 'generic-program-outcome']));
    expect([...documents]).toEqual(expect.arrayContaining(['marks-sheet', 'question-paper', 'co-po-matrix']));
  });
  it('every record type read is gated (by FROZEN_INPUTS or its own hooks) or named as no input, with a reason', () => {
    const classified = new Set([...Object.keys(FROZEN_INPUTS), ...Object.keys(GATED_BY_OWN_HOOKS), ...Object.keys(NOT_FROZEN_INPUTS)]);
    expect([...reads().entities].filter((e) => !classified.has(e))).toEqual([]);
  });
  it("finds the store functions that read a partition straight (the scan works), and each one's gate is named", () => {
    const raw = partitionReads();
    expect(raw).toEqual(expect.arrayContaining(['readMarks', 'readAnswers', 'readInvitees']));
    expect(raw.filter((f) => !FROZEN_PARTITIONS[f])).toEqual([]);
  });
  it('every document read has its gate named', () => {
    expect([...reads().documents].filter((d) => !FROZEN_DOCUMENTS[d])).toEqual([]);
  });
});
