import type { SarItemDef, SarScoring, SarTableDef } from './sar-format.js';

/** A narrative item (prose the program team writes). */
export const narrative = (number: string, title: string, marks: number | null, note?: string): SarItemDef => ({
  number,
  title,
  marks,
  kind: 'narrative',
  ...(note ? { note } : {}),
});

/** A narrative item with the tables NBA prescribes. */
export const table = (number: string, title: string, marks: number | null, tables: readonly SarTableDef[], note?: string): SarItemDef => ({
  number,
  title,
  marks,
  kind: 'table',
  tables,
  ...(note ? { note } : {}),
});

/** A computed item: figures from data over `years`; marks by `scoring` when NBA's documents give the formula. */
export const computed = (number: string, title: string, marks: number, years: string, scoring?: SarScoring, note?: string): SarItemDef => ({
  number,
  title,
  marks,
  kind: 'computed',
  years,
  ...(scoring ? { scoring } : {}),
  ...(note ? { note } : {}),
});

/** The note of a computed item whose marks no NBA document available gives a formula for. */
export const CLAIMED = 'The figures are computed from the program’s data; the marks are the team’s claim.';
/** The note of an item whose marks within a pool were not found. */
export const pooledNote = (items: string, marks: number) => `NBA gives ${items} ${marks} marks together; the split was not found.`;

/** An item with the SAR tables the product already writes placed under it (`SarItemDef.tablesFrom`). */
export const withTables = (item: SarItemDef, ids: readonly string[]): SarItemDef => ({ ...item, tablesFrom: ids });

/** A computed item with NBA's tables the team fills beside its figures (4.5's named list of students placed). */
export const withNbaTables = (item: SarItemDef, tables: readonly SarTableDef[]): SarItemDef => ({ ...item, tables });
