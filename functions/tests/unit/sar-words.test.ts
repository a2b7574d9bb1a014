import { type ReportSection, formatPoReferences, nbaYears, poMismatch, sarFormatDef } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { onlyFormatPos, type Criterion3Input } from '../../src/features/sar/criterion3.js';
import { citeFormat, forSubmission } from '../../src/features/sar/sar-words.js';
import { yearLines } from '../../src/features/sar/sar-years.js';
import { figure, notAvailable } from '../../src/features/reports/index.js';
import { matrixToGapcPos } from '../../src/local/seed/demo-structure.js';

const GAPC = sarFormatDef('SAR 2025 (GAPC v4)');
const TIER2 = sarFormatDef('SAR 2019 (UG Tier II)');

describe("a SAR's years", () => {
  it('are one vocabulary from the year the SAR is made for: CAY to CAYm3, and the batches LYG to LYGm2 by entry year', () => {
    expect(nbaYears('2025-26').map((y) => `${y.label} ${y.year}`)).toEqual([
      'CAY 2025-26',
      'CAYm1 2024-25',
      'CAYm2 2023-24',
      'CAYm3 2022-23',
      'LYG 2021-22',
      'LYGm1 2020-21',
      'LYGm2 2019-20',
    ]);
    // A three-year program's last graduated batch entered three years before CAY.
    expect(nbaYears('2025-26', 3).find((y) => y.label === 'LYG')?.year).toBe('2022-23');
  });

  it('head the SAR: the report year, the labelled years its criteria use, and which each criterion uses', () => {
    const lines = yearLines('2025-26', 4, TIER2.criteria);
    expect(lines[0]).toBe('Report year (CAY): 2025-26');
    expect(lines[1]).toBe(
      'Years: CAY 2025-26, CAYm1 2024-25, CAYm2 2023-24, CAYm3 2022-23; batches by entry year: LYG 2021-22, LYGm1 2020-21, LYGm2 2019-20',
    );
    expect(lines[2]).toContain('Criterion 4: CAY, CAYm1, CAYm2, CAYm3, LYG, LYGm1, LYGm2');
    expect(lines[2]).toContain('Criterion 8: CAY, CAYm1, CAYm2');
    // Criteria without computed years (1, 2, 6, 7, 9, 10) are not named.
    expect(lines[2]).not.toMatch(/Criterion (1|2|6|7|9|10):/);
    // Criterion 3 alone: no batches.
    expect(yearLines('2025-26', 4, [TIER2.criteria[2]])[1]).toBe('Years: CAY 2025-26, CAYm1 2024-25, CAYm2 2023-24');
  });
});

describe("a format's POs", () => {
  it('are 11 in 2025 and 12 in Tier II and Tier I', () => {
    expect(formatPoReferences(GAPC)).toHaveLength(11);
    expect(formatPoReferences(TIER2)).toEqual(Array.from({ length: 12 }, (_, i) => `PO${i + 1}`));
    expect(sarFormatDef('SAR 2016 (UG Tier I)').pos).toBe(12);
  });

  it("are named by readiness when a program's differ, with the move from 12 to 11", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `PO${i + 1}`);
    expect(poMismatch(GAPC, [...twelve.slice(0, 11), 'PSO1'])).toBeNull();
    const m = poMismatch(GAPC, [...twelve, 'PSO1'])!;
    expect(m).toMatchObject({ missing: [], extra: ['PO12'] });
    expect(m.text).toMatch(/has 11 POs .*this program has 12 .*PO12 is left out/);
    expect(m.text).toContain('PO6 and PO7 become PO6, and PO8 to PO12 become PO7 to PO11');
    expect(poMismatch(TIER2, twelve.slice(0, 11))?.text).toMatch(/PO12 has no column/);
  });

  it('are the only POs the SAR prints: 12 POs under 2025 print PO1-PO11 and every PSO', () => {
    const outcomes = [...Array.from({ length: 12 }, (_, i) => `PO${i + 1}`), 'PSO1'].map((r) => ({ id: r.toLowerCase(), po_reference: r }));
    const input = {
      outcomes,
      years: [{ academic_year: '2025-26', outcomes: outcomes.map((o) => ({ outcome: o.id, reference: o.po_reference })), courses: [] }],
    } as unknown as Criterion3Input;
    const shown = onlyFormatPos(input, GAPC);
    expect(shown.outcomes.map((o) => o.po_reference)).toEqual([...formatPoReferences(GAPC), 'PSO1']);
    expect(shown.years[0].outcomes.map((o) => o.reference)).toEqual([...formatPoReferences(GAPC), 'PSO1']);
    expect(onlyFormatPos(input, TIER2).outcomes).toHaveLength(13);
  });

  it('move a published 12-PO matrix to the 11: PO6 and PO7 as the higher of the two, the rest renamed', () => {
    const csv =
      'course_code,co_code,PO1,PO2,PO3,PO4,PO5,PO6,PO7,PO8,PO9,PO10,PO11,PO12,PSO1\nC1,CO1,3,-,-,-,-,1,2,-,-,-,-,3,2\nC1,CO2,1,-,-,-,-,-,-,2,-,-,-,-,-\n';
    expect(matrixToGapcPos(csv)).toBe(
      'course_code,co_code,PO1,PO2,PO3,PO4,PO5,PO6,PO7,PO8,PO9,PO10,PO11,PSO1\nC1,CO1,3,-,-,-,-,2,-,-,-,-,3,2\nC1,CO2,1,-,-,-,-,-,2,-,-,-,-,-\n',
    );
  });
});

describe("the SAR's words", () => {
  const trace = {
    formula: 'ER = N1 / N x 100',
    inputs: [{ label: 'N', value: 60 }],
    source: 'NBA SAR, UG Engineering Tier I (January 2016), Criterion 3.1',
  };
  const sections = (): ReportSection[] => [
    {
      id: '3.3.2',
      title: '3.3.2 PO/PSO attainment',
      texts: [{ title: 'Source', paragraphs: ['old'] }],
      tables: [
        {
          id: 't',
          title: 'T',
          columns: [{ key: 'v', label: 'V' }],
          rows: [{ v: figure(1.5, trace) }, { v: notAvailable(trace, 'No marks') }],
        },
      ],
    },
  ];

  it("cite the item of the program's own format each table prints under", () => {
    const [s] = citeFormat(GAPC, sections(), false);
    expect(s.title).toBe('3.8 PO/PSO attainment');
    expect(s.texts?.[0].paragraphs).toEqual([
      'NBA SAR, UG Engineering, GAPC version 4.0 (2025), 3.8 Attainment of POs and PSOs (direct and indirect)',
    ]);
    const v = s.tables[0].rows[0].v;
    expect(typeof v === 'object' && v?.trace.source).toBe(
      'NBA SAR, UG Engineering, GAPC version 4.0 (2025), 3.8 Attainment of POs and PSOs (direct and indirect)',
    );
    const [t2] = citeFormat(TIER2, sections(), false);
    expect(t2.title).toBe('3.3.2 PO/PSO attainment');
  });

  it('print values only in the copy to submit, and leave what cannot be computed blank for the team', () => {
    const [s] = forSubmission(sections());
    expect(s.tables[0].rows).toEqual([{ v: '1.50' }, { v: '' }]);
  });
});
