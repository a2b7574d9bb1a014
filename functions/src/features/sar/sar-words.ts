import { NOT_COMPUTED } from '../reports/index.js';
import {
  type Figure,
  type ReportCell,
  type ReportSection,
  type SarFormatDef,
  type SarItemDef,
  formatItems,
  isFigure,
} from '@attain/shared-types';

/*
 * What the SAR a program submits says, in NBA's words only (decisions 0030 and 0045): every figure cites an item of
 * the program's own format, and the copy to submit carries no figure notes; the team's review copy keeps them.
 */

/** The citation of a format's item, as every figure under it names its source: `<NBA document>, <item> <title>`. */
export const itemCitation = (format: SarFormatDef, item: Pick<SarItemDef, 'number' | 'title'>): string =>
  `${format.document}, ${item.number} ${item.title}`;

/**
 * The format's item a section of the SAR prints under: in the whole SAR the item whose number is the section's id; in
 * the Criteria 3 and 5 export the item that places the section's tables (`tablesFrom`, e.g. `3.3.2` under 3.8 of 2025).
 */
export function sectionItem(format: SarFormatDef, sectionId: string): SarItemDef | undefined {
  const items = formatItems(format).map((x) => x.item);
  return items.find((i) => i.number === sectionId) ?? items.find((i) => i.tablesFrom?.includes(sectionId));
}

const cited = (cell: ReportCell, source: string): ReportCell =>
  isFigure(cell) ? ({ ...cell, trace: { ...cell.trace, source } } satisfies Figure) : cell;

/**
 * The sections with every figure citing the format's item it prints under (`itemCitation`), and, in the Criteria 3 and
 * 5 export, each section titled by that item's number (`3.2.2 CO attainment` is `3.7.2 CO attainment` in 2025) and its
 * "Source" paragraph the item's citation. A section under no item of the format cites the format's document.
 */
export function citeFormat(format: SarFormatDef, sections: readonly ReportSection[], whole: boolean): ReportSection[] {
  return sections.map((s) => {
    const item = sectionItem(format, s.id);
    const source = item ? itemCitation(format, item) : format.document;
    return {
      ...s,
      ...(item && !whole ? { title: s.title.replace(/^[\d.]+/, item.number) } : {}),
      ...(s.texts ? { texts: s.texts.map((t) => (t.title === 'Source' ? { ...t, paragraphs: [source] } : t)) } : {}),
      tables: s.tables.map((t) => ({
        ...t,
        rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, cited(c, source)]))),
        ...(t.footer ? { footer: t.footer.map((r) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, cited(c, source)]))) } : {}),
      })),
    };
  });
}

/**
 * The sections as the SAR a program submits prints them: every figure as its text alone (no trace, no note); a figure
 * that cannot be computed (`notAvailable`: an input or NBA's formula is missing) as '' for the team to fill, unless its
 * text lists its inputs (`whole-sar.ts`); why it is blank is said on the readiness page.
 */
export function forSubmission(sections: readonly ReportSection[]): ReportSection[] {
  const blank = (f: Figure) => f.value === null && f.text === '-' && f.trace.rounding === NOT_COMPUTED;
  const plain = (c: ReportCell): ReportCell => (isFigure(c) ? (blank(c) ? '' : c.text) : c);
  const row = (r: Record<string, ReportCell>) => Object.fromEntries(Object.entries(r).map(([k, c]) => [k, plain(c)]));
  return sections.map((s) => ({
    ...s,
    tables: s.tables.map((t) => ({ ...t, rows: t.rows.map(row), ...(t.footer ? { footer: t.footer.map(row) } : {}) })),
  }));
}
