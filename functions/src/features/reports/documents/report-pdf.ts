import { type ReportTable, type ReportView, cellText, isFigure } from '@attain/shared-types';
import { BLUE, GREY, type Pdf, RULE, finishPdf, pdfText } from '../../faculty/index.js';
import { winAnsi } from '../../faculty/index.js';
import { columnWidths, numberFigures, traceLines } from './report-traces.js';

/** A4 landscape in millimetres, 14 mm margins, the footer in the bottom margin. */
const PAGE = { width: 297, height: 210, margin: 14 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;

/**
 * Writes a report (the SAR, or any `ReportView`) as a PDF, A4 landscape, in the standard Helvetica font (text outside
 * Windows-1252 spelled plainly, see `winAnsi`): title, context, each section's heading, paragraphs and tables (header
 * row repeated on each new page, rows never split). A computed figure prints as `value [n]`, and an annex "Figure
 * traces" at the end lists each n with its formula, inputs, rounding, version and source (`numberFigures`); with
 * `view.traces` false neither. `view.page_label` is printed at the top of every page and in its footer.
 * The `jspdf` library is loaded on first use.
 * @returns the PDF file's bytes
 */
export async function reportPdf(view: ReportView): Promise<Uint8Array> {
  const { jsPDF } = await import('jspdf');
  const doc: Pdf = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'landscape', compress: true });
  doc.setProperties({ title: winAnsi(view.title), creator: 'Attain' });
  // Without traces (the SAR a program submits) figures print as their values, with no annex.
  const numbers = view.traces === false ? new Map<never, number>() : numberFigures(view);
  let y = PAGE.margin;
  const { font, lineHeight, lines } = pdfText(doc);
  const room = (h: number) => {
    if (y + h <= BOTTOM) return false;
    doc.addPage();
    y = PAGE.margin;
    return true;
  };
  const write = (t: string, size: number, style: 'normal' | 'bold' = 'normal', color = '#000000', after = 1) => {
    font(size, style, color);
    for (const l of lines(t, TEXT_WIDTH)) {
      room(lineHeight());
      doc.text(l, PAGE.margin, y, { baseline: 'top' });
      y += lineHeight();
    }
    y += after;
  };

  /** A table's columns (x, width), its header cells, a row's cells and the height a row of cells takes. */
  const layout = (t: ReportTable) => {
    const widths = columnWidths(t, TEXT_WIDTH);
    const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const headerCells = t.columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label));
    const cells = (r: ReportTable['rows'][number]) =>
      t.columns.map((c) => {
        const v = r[c.key];
        const n = isFigure(v) ? numbers.get(v) : undefined;
        return n === undefined ? cellText(v) : `${cellText(v)} [${n}]`;
      });
    const wrap = (row: readonly string[], header: boolean, bold = header) => {
      font(header ? 7.5 : 8, bold ? 'bold' : 'normal');
      const wrapped = row.map((c, i) => lines(c, widths[i] - 1.6));
      return { wrapped, h: Math.max(1, ...wrapped.map((w) => w.length)) * lineHeight() + 1.4 };
    };
    // What must fit below a table's title: its header row and its first row (never a header alone at a page's foot).
    const start = () => wrap(headerCells, true).h + (t.rows.length ? wrap(cells(t.rows[0]), false).h : 0);
    return { xs, headerCells, cells, wrap, start };
  };

  const table = (t: ReportTable) => {
    const { xs, headerCells, cells, wrap } = layout(t);
    const draw = (row: readonly string[], bold: boolean, header: boolean) => {
      const { wrapped, h } = wrap(row, header, bold);
      // A row that does not fit goes to a new page, under the header row again.
      if (room(h) && !header) draw(headerCells, true, true);
      font(header ? 7.5 : 8, bold ? 'bold' : 'normal', header ? GREY : '#000000');
      wrapped.forEach((w, i) => doc.text(w, xs[i] + 0.8, y + 0.7, { baseline: 'top' }));
      y += h;
      doc.setDrawColor(RULE);
      doc.setLineWidth(0.15);
      doc.line(PAGE.margin, y, PAGE.margin + TEXT_WIDTH, y);
    };
    draw(headerCells, true, true);
    for (const r of t.rows) draw(cells(r), false, false);
    for (const r of t.footer ?? []) draw(cells(r), true, false);
    y += 2;
  };

  write(view.title, 18, 'bold', BLUE, 1);
  for (const c of view.context) write(c, 9, 'normal', GREY, 0);
  y += 3;
  if (view.empty) write(view.empty, 10);
  for (const s of view.sections) {
    room(20);
    write(s.title, 13, 'bold', BLUE, 2);
    for (const t of s.texts ?? []) {
      write(t.title, 10, 'bold', GREY, 0.5);
      for (const p of t.paragraphs) write(p, 9, 'normal', '#000000', 1.5);
    }
    for (const t of s.tables) {
      // The title, the header row and the first row start on the same page.
      room(Math.min(BOTTOM - PAGE.margin, 7 + (t.rows.length || t.footer?.length ? layout(t).start() : 0)));
      write(t.title, 10.5, 'bold', '#000000', 1);
      if (t.rows.length || t.footer?.length) table(t);
      for (const n of t.notes ?? []) write(n, 8, 'normal', GREY, 0.5);
      y += 2;
    }
  }
  if (numbers.size) {
    doc.addPage();
    y = PAGE.margin;
    write('Annex: figure traces', 13, 'bold', BLUE, 2);
    for (const [f, n] of numbers) {
      write(`[${n}] ${cellText(f)}`, 8.5, 'bold', '#000000', 0);
      for (const l of traceLines(f)) write(l, 7.5, 'normal', GREY, 0);
      y += 1;
    }
  }
  if (view.page_label) {
    // The label at the top right of every page; the footer names it too.
    for (let p = 1; p <= doc.getNumberOfPages(); p++) {
      doc.setPage(p);
      font(8, 'bold', '#C00000');
      doc.text(winAnsi(view.page_label), PAGE.width - PAGE.margin, PAGE.margin / 2, { align: 'right', baseline: 'middle' });
    }
  }
  return finishPdf(doc, view.page_label ? `${view.page_label}: ${view.title}` : view.title, 7.5, 8);
}
