import { describe, expect, it } from 'vitest';
import {
  NBA_TABLES,
  SAR_FORMAT_DEFS,
  SAR_TABLE_FILLS,
  SAR_VERSIONS,
  SAR_VERSION_LABELS,
  SAR_VERSION_POS,
  sarVersionOf,
  type SarFormatDef,
  formatItems,
  formatProblems,
  projectOutcome,
  sarFormatDef,
  sarItemTables,
} from '../src/index.js';

const byId = (id: string) => SAR_FORMAT_DEFS.find((f) => f.id === id) as SarFormatDef;
const tier2 = byId('SAR 2019 (UG Tier II)');
const tier1 = byId('SAR 2016 (UG Tier I)');
const gapc = byId('SAR 2025 (GAPC v4)');

/** Marks for every criterion at `pct` percent of its maximum, with some criteria overridden. */
const at = (f: SarFormatDef, pct: number, over: Record<string, number> = {}) =>
  new Map(f.criteria.map((c) => [c.number, over[c.number] ?? (c.marks * pct) / 100]));

describe('the SAR formats as data', () => {
  it('are the three a program can pick, by the ids it stores and the words it shows', () => {
    expect(SAR_FORMAT_DEFS.map((f) => f.id)).toEqual([...SAR_VERSIONS]);
    for (const f of SAR_FORMAT_DEFS) expect(f.label).toBe(SAR_VERSION_LABELS[f.id as keyof typeof SAR_VERSION_LABELS]);
    for (const f of SAR_FORMAT_DEFS) expect(f.pos).toBe(SAR_VERSION_POS[sarVersionOf(f.id)]);
    expect(sarFormatDef('unknown').id).toBe(sarVersionOf('unknown'));
    expect(sarFormatDef(undefined)).toBe(gapc);
    expect(sarFormatDef('SAR 2016 (UG Tier I)')).toBe(tier1);
  });

  it('add up: each criterion its items and pools, each format 1000 marks, no pooled item with marks of its own', () => {
    for (const f of SAR_FORMAT_DEFS) expect(formatProblems(f)).toEqual([]);
    // A definition that does not add up is caught, naming the criterion.
    const broken = { ...tier2, criteria: tier2.criteria.map((c) => (c.number === '9' ? { ...c, marks: 55 } : c)) };
    expect(formatProblems(broken)).toEqual([
      'SAR 2019 (UG Tier II) criterion 9: items add up to 50, not 55',
      'SAR 2019 (UG Tier II): criteria add up to 1005, not 1000',
    ]);
  });

  it('give every table item NBA’s tables, each once with its columns, the same table defined once for every format', () => {
    const broken = {
      ...tier2,
      criteria: tier2.criteria.map((c) =>
        c.number === '2'
          ? {
              ...c,
              items: c.items.map((i) =>
                i.number === '2.2.3'
                  ? { ...i, tables: [] }
                  : i.number === '2.2.5'
                    ? { ...i, tables: [NBA_TABLES.internships, NBA_TABLES.internships] }
                    : i,
              ),
            }
          : c,
      ),
    };
    expect(formatProblems(broken)).toEqual([
      'SAR 2019 (UG Tier II) 2.2.3: a table item without tables',
      'SAR 2019 (UG Tier II) 2.2.5: a table given twice',
    ]);
    // 2.2.2 asks for the question papers in both Tier formats: one definition, which Attain fills from the papers.
    expect(sarItemTables(tier2.id, '2.2.2')).toEqual([NBA_TABLES.questionPapers]);
    expect(sarItemTables(tier1.id, '2.2.2')[0]).toBe(sarItemTables(tier2.id, '2.2.2')[0]);
    expect(NBA_TABLES.questionPapers.fill).toBe('question-papers');
    // The placement items carry the named list (4.5a) beside their computed marks.
    expect([sarItemTables(tier2.id, '4.5'), sarItemTables(tier1.id, '4.4'), sarItemTables(gapc.id, '4.6')]).toEqual([
      [NBA_TABLES.placements],
      [NBA_TABLES.placements],
      [NBA_TABLES.placements],
    ]);
    expect(sarItemTables(gapc.id, '99.9')).toEqual([]);
    // Every fill a table names is one Attain serves.
    for (const f of SAR_FORMAT_DEFS)
      for (const { item } of formatItems(f)) for (const t of item.tables ?? []) if (t.fill) expect(SAR_TABLE_FILLS).toContain(t.fill);
  });

  it("have NBA's criteria in NBA's order: 10 for Tier II and Tier I, 9 for 2025, with their marks", () => {
    expect(tier2.criteria.map((c) => `${c.number}:${c.marks}`)).toEqual([
      '1:60',
      '2:120',
      '3:120',
      '4:150',
      '5:200',
      '6:80',
      '7:50',
      '8:50',
      '9:50',
      '10:120',
    ]);
    expect(tier1.criteria.map((c) => `${c.number}:${c.marks}`)).toEqual([
      '1:50',
      '2:100',
      '3:175',
      '4:100',
      '5:200',
      '6:80',
      '7:75',
      '8:50',
      '9:50',
      '10:120',
    ]);
    expect(gapc.criteria.map((c) => `${c.number}:${c.marks}`)).toEqual([
      '1:120',
      '2:120',
      '3:120',
      '4:120',
      '5:100',
      '6:120',
      '7:100',
      '8:80',
      '9:120',
    ]);
    // Tier I's strategic plan is 10.1.2, Tier II's 10.1.2 (governing body) becomes 10.1.3.
    expect(tier1.criteria[9].items.slice(0, 3).map((i) => i.number)).toEqual(['10.1.1', '10.1.2', '10.1.3']);
    expect(tier1.criteria[9].items[2].title).toMatch(/^Governing body/);
  });

  it('say which items are computed with a marks formula, which are computed with claimed marks, and which are written', () => {
    const count = (f: SarFormatDef) => {
      const items = formatItems(f).map((x) => x.item);
      return {
        items: items.length,
        scored: items.filter((i) => i.scoring).length,
        claimedFigures: items.filter((i) => i.kind === 'computed' && !i.scoring).length,
        written: items.filter((i) => i.kind !== 'computed').length,
      };
    };
    expect(count(tier2)).toEqual({ items: 68, scored: 13, claimedFigures: 4, written: 51 });
    expect(count(gapc)).toEqual({ items: 84, scored: 10, claimedFigures: 2, written: 72 });
    // Every computed item of Criterion 4 has a formula in each format.
    for (const f of SAR_FORMAT_DEFS)
      for (const i of f.criteria[3].items.filter((x) => x.kind === 'computed')) expect(i.scoring, `${f.id} ${i.number}`).toBeDefined();
  });
});

describe("NBA's decision rule", () => {
  it('2025: six years needs 750 and 60 % of every criterion; 749.9 or one criterion at 59.9 % falls to three years', () => {
    expect(projectOutcome(gapc, at(gapc, 75)).outcome).toBe('Accredited for 6 years');
    // 75 % of 1000 is exactly 750.
    expect(projectOutcome(gapc, at(gapc, 75)).total).toBe(750);
    // 749.9: criterion 9 one tenth short.
    const short = projectOutcome(gapc, at(gapc, 75, { '9': 89.9 }));
    expect(short.total).toBeCloseTo(749.9, 6);
    expect(short.outcome).toBe('Accredited for 3 years');
    expect(short.shortOfSixYears).toBeCloseTo(0.1, 6);
    // A strong total with criterion 5 at 59.9 % (59.9 of 100): not six years, and criterion 5 is named.
    const weak = projectOutcome(gapc, at(gapc, 90, { '5': 59.9 }));
    expect(weak.total).toBeGreaterThan(850);
    expect(weak.outcome).toBe('Accredited for 3 years');
    expect(weak.belowSixYears).toEqual(['5']);
    expect(projectOutcome(gapc, at(gapc, 90, { '5': 60 })).outcome).toBe('Accredited for 6 years');
  });

  it('2025: three years needs 600 and 45 % of every criterion; below either, not accredited', () => {
    expect(projectOutcome(gapc, at(gapc, 60)).outcome).toBe('Accredited for 3 years');
    expect(projectOutcome(gapc, at(gapc, 60, { '1': 71.9 })).outcome).toBe('Not accredited'); // total 599.9
    const floor = projectOutcome(gapc, at(gapc, 70, { '8': 35.9 })); // 35.9 of 80 = 44.875 %
    expect(floor.belowThreeYears).toEqual(['8']);
    expect(floor.outcome).toBe('Not accredited');
  });

  it('2015-2024: totals only (no per-criterion minimum is stated), and the page is told the rule is unconfirmed', () => {
    expect(projectOutcome(tier2, at(tier2, 75, { '5': 20 })).outcome).toBe('Accredited for 3 years'); // total 670
    expect(projectOutcome(tier2, at(tier2, 80, { '7': 0 })).outcome).toBe('Accredited for 6 years'); // total 760
    expect(projectOutcome(tier2, at(tier2, 80, { '7': 0 })).belowSixYears).toEqual([]);
    expect(tier2.rule.stated).toBe(false);
    expect(tier2.rule.statement).toMatch(/do not confirm/);
  });
});
