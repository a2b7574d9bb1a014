import { type Figure, type ReportView, isFigure } from '@attain/shared-types';

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
