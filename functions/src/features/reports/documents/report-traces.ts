import { type Figure, type ReportTable, type ReportView, cellText, isFigure } from '@attain/shared-types';

/** A figure's trace written out as one line per part, as the DOCX footnotes and the PDF annex print it. */
export function traceLines(f: Figure): string[] {
  const t = f.trace;
  return [
    `Formula: ${t.formula}`,
    ...(t.inputs.length ? [`Inputs: ${t.inputs.map((i) => `${i.label} = ${i.value}`).join('; ')}`] : []),
    `Rounding: ${t.rounding}`,
    ...(t.version ? [`Version: ${t.version}`] : []),
    ...(t.source ? [`Source: ${t.source}`] : []),
    ...(f.note ? [`Note: ${f.note}`] : []),
  ];
}

/**
 * Numbers every figure of a report in reading order (sections, tables, rows, then footer rows, cell by cell), from 1:
 * the DOCX's footnote ids and the PDF annex's entries. Pure.
 */
export function numberFigures(view: ReportView): Map<Figure, number> {
  const out = new Map<Figure, number>();
  for (const s of view.sections)
    for (const t of s.tables)
      for (const row of [...t.rows, ...(t.footer ?? [])])
        for (const c of t.columns) {
          const cell = row[c.key];
          if (isFigure(cell) && !out.has(cell)) out.set(cell, out.size + 1);
        }
  return out;
}

/**
 * The widths of a table's columns in `total` units (the DOCX's twips, the PDF's millimetres), by what they hold: each
 * column's share follows its longest text (its heading counted at half, as headings wrap), at least 6 and at most 60
 * characters (the first column, what each row is, at least 12). Pure.
 */
export function columnWidths(t: ReportTable, total: number): number[] {
  const longest = t.columns.map((c) =>
    Math.max((c.label.length + (c.unit?.length ?? 0)) / 2, ...[...t.rows, ...(t.footer ?? [])].map((r) => cellText(r[c.key]).length)),
  );
  const weights = longest.map((n, i) => Math.max(i === 0 ? 12 : 6, Math.min(60, n)));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (total * w) / sum);
}
