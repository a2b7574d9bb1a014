import type { SarVersion } from '../reports/sar.js';
/**
 * A SAR format as data: NBA's criteria and items for one Self Assessment Report format, with their marks, how each
 * item is written (computed from data, narrative, or narrative with NBA's tables), the years each uses, and the
 * accreditation decision rule. One file per format (`tier2-2015.ts`, `tier1-2016.ts`, `gapc-2025.ts`); adding a format
 * is one more file listed in `SAR_FORMAT_DEFS`. Where each number comes from, and how far it is trusted, is recorded
 * in `docs/nba-sources.md` (cited in each file's comments), never in what a college sees.
 */

/**
 * How an item is written:
 * - `computed`: its figures are computed from the product's data (with a trace); if `scoring` names a marks formula the
 *   marks are computed too, otherwise the program team claims them;
 * - `narrative`: prose the program team writes;
 * - `table`: prose with the tables NBA prescribes, prefilled where the product has the data.
 */
export type SarItemKind = 'computed' | 'narrative' | 'table';

/**
 * Marks formulas the product computes, by id; each is a versioned function in `functions/src/features/sar`
 * (`criterion4-formulas.ts`, `criterion5-formulas.ts`, `criterion8-formulas.ts`) citing the NBA document it follows.
 */
export const SAR_SCORING = [
  'c4-enrolment-2015',
  'c4-success-no-backlog-2015',
  'c4-success-stipulated-2015',
  'c4-api-third-year-2015',
  'c4-api-second-year-2015',
  'c4-placement-2015',
  'c4-success-no-backlog-2016',
  'c4-success-stipulated-2016',
  'c4-api-second-year-2016',
  'c4-placement-2016',
  'c4-enrolment-2025',
  'c4-success-2025',
  'c4-api-first-year-2025',
  'c4-api-second-year-2025',
  'c4-api-third-year-2025',
  'c4-placement-2025',
  'c5-sfr-2019',
  'c5-cadre-2019',
  'c5-qualification-2019',
  'c5-retention-2019',
  'c5-sfr-2025',
  'c5-qualification-2025',
  'c5-cadre-2025',
  'c5-retention-2025',
  'c8-fysfr-2015',
  'c8-qualification-2015',
  'c8-api-first-year-2015',
] as const;
/** One marks formula's id. */
export type SarScoring = (typeof SAR_SCORING)[number];

/** Data of the product that can fill one of NBA's tables (offered to the team, never put in by itself). */
export const SAR_TABLE_FILLS = [
  'question-papers',
  'placements',
  'fdp-attended',
  'fdp-organised',
  'memberships',
  'sponsored',
  'labs',
  'curriculum',
  'first-year',
] as const;
/** One source of a table's rows. */
export type SarTableFill = (typeof SAR_TABLE_FILLS)[number];

/** One of NBA's tables with an item: its title, its column headings, and the product's data that fills it. */
export interface SarTableDef {
  title: string;
  columns: readonly string[];
  fill?: SarTableFill;
}

/** One item of a criterion, as NBA numbers and names it. */
export interface SarItemDef {
  /** NBA's number, e.g. `4.2.1`. */
  number: string;
  /** NBA's title of the item. */
  title: string;
  /** Its marks; null where NBA's split within a pool was not found (the pool's marks are in `SarCriterionDef.pools`). */
  marks: number | null;
  kind: SarItemKind;
  /** The marks formula, for a computed item whose marks NBA's documents give. */
  scoring?: SarScoring;
  /** The years the item reports, in NBA's labels (e.g. `CAY, CAYm1, CAYm2` or `LYG, LYGm1, LYGm2`). */
  years?: string;
  /** The tables NBA asks for with it, which the program team fills in its section (`NBA_TABLES`). */
  tables?: readonly SarTableDef[];
  /**
   * The SAR's tables the product already writes that belong under this item in the document, by their section id
   * (`3.1-cam`, `3.1-pam`, `3.2.2`, `3.3.2` of Criterion 3; `5`, `5.1`, `5.2`, `5.3`, `5.4`, `5.5` of Criterion 5;
   * `8.4.2`, the first-year courses' CO attainment).
   */
  tablesFrom?: readonly string[];
  /** A sentence a college reads with the item: what could not be found (e.g. "NBA's marking formula for 7.3 was not found; the team claims its marks"). */
  note?: string;
}

/** Items whose marks NBA's documents give only together (e.g. 1.4 and 1.5: 40 marks). */
export interface SarPool {
  items: readonly string[];
  marks: number;
}

/** One criterion: NBA's number and title, its marks, whether it is the program's or the institute's, its items. */
export interface SarCriterionDef {
  number: string;
  title: string;
  marks: number;
  level: 'program' | 'institute';
  items: readonly SarItemDef[];
  /** Items marked together (their own `marks` are null). */
  pools?: readonly SarPool[];
}

/** One outcome threshold of a decision rule: the total marks and each criterion's minimum share of its marks. */
export interface SarThreshold {
  /** Minimum total (out of 1000). */
  total: number;
  /** Minimum percent of each criterion's marks; null where the format states none. */
  criterionPercent: number | null;
}

/**
 * NBA's accreditation decision for a format: six years, three years, or not accredited.
 * `stated` says whether NBA's documents available state the rule; when false the product shows the figures and says
 * the rule is not confirmed (`statement`).
 */
export interface SarDecisionRule {
  sixYears: SarThreshold;
  threeYears: SarThreshold;
  stated: boolean;
  /** The rule in words, as the readiness page prints it. */
  statement: string;
}

/**
 * A SAR format. `id` is the value a program stores in `sar_version`; `label` the people words; `document` NBA's
 * document by name (every figure's citation starts with it); `criteria` in NBA's order.
 */
export interface SarFormatDef {
  id: SarVersion;
  label: string;
  document: string;
  criteria: readonly SarCriterionDef[];
  rule: SarDecisionRule;
  /** How many POs the format names, `PO1` .. `PO<pos>`: 12 (NBA's POs, Tier II and Tier I), 11 (GAPC v4.0, 2025). */
  pos: 12 | 11;
  /** The Criterion 5 formulas' version (`criterion5-formulas.ts`). */
  criterion5: 'SAR 2019 (UG Tier II)' | 'SAR 2025 (GAPC v4)';
}

/** Every item of a format with its criterion, in NBA's order. */
export const formatItems = (f: SarFormatDef): { criterion: SarCriterionDef; item: SarItemDef }[] =>
  f.criteria.flatMap((criterion) => criterion.items.map((item) => ({ criterion, item })));

/**
 * The problems of a format definition (none for a sound one): each criterion's item marks and pools must add up to its
 * marks, every item of a pool must exist with null marks, and the criteria must add up to 1000; a table item has
 * tables (NBA's, or the product's `tablesFrom`), each once and with columns.
 */
export function formatProblems(f: SarFormatDef): string[] {
  const out: string[] = [];
  for (const c of f.criteria) {
    const numbers = new Set(c.items.map((i) => i.number));
    const pooled = new Set((c.pools ?? []).flatMap((p) => p.items));
    for (const p of c.pools ?? [])
      for (const n of p.items) if (!numbers.has(n)) out.push(`${f.id} ${c.number}: pool names ${n}, not an item`);
    for (const i of c.items) {
      if (i.marks === null && !pooled.has(i.number)) out.push(`${f.id} ${i.number}: no marks and in no pool`);
      if (i.marks !== null && pooled.has(i.number)) out.push(`${f.id} ${i.number}: has marks and is pooled`);
      if (i.scoring && i.kind !== 'computed') out.push(`${f.id} ${i.number}: a marks formula on a ${i.kind} item`);
      if (i.kind === 'table' && !i.tables?.length && !i.tablesFrom?.length) out.push(`${f.id} ${i.number}: a table item without tables`);
      const titles = (i.tables ?? []).map((t) => t.title);
      if (new Set(titles).size !== titles.length) out.push(`${f.id} ${i.number}: a table given twice`);
      for (const t of i.tables ?? []) if (!t.columns.length) out.push(`${f.id} ${i.number}: “${t.title}” has no columns`);
    }
    const sum = c.items.reduce((s, i) => s + (i.marks ?? 0), 0) + (c.pools ?? []).reduce((s, p) => s + p.marks, 0);
    if (sum !== c.marks) out.push(`${f.id} criterion ${c.number}: items add up to ${sum}, not ${c.marks}`);
  }
  const total = f.criteria.reduce((s, c) => s + c.marks, 0);
  if (total !== 1000) out.push(`${f.id}: criteria add up to ${total}, not 1000`);
  return out;
}
