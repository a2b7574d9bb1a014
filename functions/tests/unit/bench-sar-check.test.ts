import { DEFAULT_METHOD, type ProgramAttainment, type ProgramOutcomeResult, type ReportTable, sarFormatDef } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { sarFinalLevels } from '../../../bench/sar-export.js';
import { type Criterion3Input, criterion3, onlyFormatPos } from '../../src/features/sar/criterion3.js';
import type { ProgramOutcomeColumn } from '../../src/features/curriculum/index.js';

/*
 * The bench's check of the SAR against the program page (step 7b, `sarFinalLevels`). The bench program is set up with
 * NBA's 12 POs (`nba_12_po`) under the default 2025 format, whose SAR lists its 11 POs and every PSO (decision 0045):
 * the check compares what the SAR prints, and names PO12 as left out instead of calling the SAR different.
 */

// CAY's PO levels of the bench program as the program page served them (a 4-course run of bench/program-fixture.ts),
// and a PSO.
const LEVELS: [string, number, number][] = [
  ['PO1', 0.46, 4],
  ['PO2', 0.68, 4],
  ['PO3', 0.5, 4],
  ['PO4', 0.56, 4],
  ['PO5', 0.45, 4],
  ['PO6', 0.61, 4],
  ['PO7', 0.46, 4],
  ['PO8', 0.43, 4],
  ['PO9', 0.56, 4],
  ['PO10', 0.47, 4],
  ['PO11', 0.43, 3],
  ['PO12', 0.5, 4],
  ['PSO1', 1.49, 2],
];
const outcome = ([reference, level, courses]: [string, number, number]): ProgramOutcomeResult => ({
  outcome: `${reference.toLowerCase()}-id`,
  reference,
  attainment: level,
  direct: level,
  indirect: null,
  survey: null,
  courses,
  met: level >= DEFAULT_METHOD.po_target,
});
const served: ProgramAttainment = {
  program: 'bench',
  academic_year: '2025-26',
  courses: [],
  outcomes: LEVELS.map(outcome),
  method_version: 0,
  computed_at: '2026-11-28T22:00:00Z',
};
const columns = LEVELS.map(
  ([reference]) =>
    ({
      id: `${reference.toLowerCase()}-id`,
      po_reference: reference,
      outcome_type: reference.startsWith('PSO') ? 'PSO' : 'PO',
    }) as ProgramOutcomeColumn,
);
const input: Criterion3Input = {
  matrices: [],
  outcomes: columns,
  years: [served],
  method: { method: DEFAULT_METHOD, version: 0 },
  plans: new Map(),
  firstYear: new Set(),
};

/** The SAR's 3.3.2 table of CAY for the program under format `id`, built as the SAR builds it. */
const sarTable = (id: string): ReportTable => {
  const sections = criterion3(onlyFormatPos(input, sarFormatDef(id)), ['2025-26', '2024-25', '2023-24'], null, (y) => y);
  return sections.find((s) => s.id === '3.3.2')!.tables[0];
};

describe("bench step 7b: the SAR's CAY PO/PSO final levels against the program page", () => {
  it('a program with NBA’s 12 POs under the 2025 format: the 11 POs and the PSO equal, PO12 left out by the format', () => {
    const table = sarTable('SAR 2025 (GAPC v4)');
    expect(table.rows.map((r) => r.outcome)).not.toContain('PO12');
    expect(sarFinalLevels(served, table, sarFormatDef('SAR 2025 (GAPC v4)'))).toEqual({ compared: 12, differing: [], leftOut: ['PO12'] });
  });

  it('under a 12-PO format every outcome is compared', () => {
    const table = sarTable('SAR 2019 (UG Tier II)');
    expect(sarFormatDef('SAR 2019 (UG Tier II)').pos).toBe(12);
    expect(sarFinalLevels(served, table, sarFormatDef('SAR 2019 (UG Tier II)'))).toEqual({ compared: 13, differing: [], leftOut: [] });
  });

  it('still names a final level that differs, an outcome the format prints but the SAR lacks, and a row the page lacks', () => {
    const table = sarTable('SAR 2025 (GAPC v4)');
    const tampered: ReportTable = {
      ...table,
      rows: [
        ...table.rows.filter((r) => r.outcome !== 'PSO1').map((r) => (r.outcome === 'PO3' ? { ...r, final: 2.05 } : r)),
        { outcome: 'PSO9', final: 1 },
      ],
    };
    expect(sarFinalLevels(served, tampered, sarFormatDef('SAR 2025 (GAPC v4)')).differing).toEqual([
      'PO3 0.5 vs 2.05',
      'PSO1 1.49 vs none',
      'PSO9 none vs a SAR row',
    ]);
  });
});
