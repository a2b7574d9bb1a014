import type { ListTable } from '@attain/shared-types';
import type { CvDocument, CvField } from './cv-model.js';
import { winAnsi } from './win-ansi.js';

/** The MIME type of a PDF file. */

/** A4 in millimetres, 18 mm margins, the footer in the bottom margin. */
const PAGE = { width: 210, height: 297, margin: 18 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const LABEL_WIDTH = 46;
/** The house style of Attain's PDFs (the CV and the reports): heading blue, label grey, rule grey; mm per point. */
export const BLUE = '#1F3864';
export const GREY = '#595959';
export const RULE = '#BFBFBF';
export const PT = 25.4 / 72;

/** What a writer needs of a jsPDF document (a type only, so the library stays a dynamic import). */
export type Pdf = InstanceType<(typeof import('jspdf'))['jsPDF']>;

/**
 * Writes a CV as a PDF (A4, the standard Helvetica font, so no font files are shipped; text outside Windows-1252
 * is spelled plainly, see `winAnsi`): the same layout as the DOCX (title, affiliation and contact, a Profile table,
 * one section per record type with numbered citations or titled field tables, list values as small tables), pages
 * broken between rows, `cv.footer` and "Page n of m" on every page. Streams are compressed (Flate). The `jspdf`
 * library is loaded here, on first use.
 * @returns the PDF file's bytes
 */
export async function cvPdf(cv: CvDocument): Promise<Uint8Array> {
  const { jsPDF } = await import('jspdf');
  const doc: Pdf = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: winAnsi(`${cv.name} - CV`), creator: 'Attain' });
  let y = PAGE.margin;

  const { font, lineHeight, lines } = pdfText(doc);
  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
  };
  const room = (h: number) => {
    if (y + h > BOTTOM) newPage();
  };
  /** Writes wrapped lines at `x`, breaking pages between lines. */
  const write = (ls: readonly string[], x: number) => {
    for (const l of ls) {
      room(lineHeight());
      doc.text(l, x, y, { baseline: 'top' });
      y += lineHeight();
    }
  };
  const rule = (color = RULE, width = 0.2) => {
    doc.setDrawColor(color);
    doc.setLineWidth(width);
    doc.line(PAGE.margin, y, PAGE.margin + TEXT_WIDTH, y);
  };

  const heading = (t: string) => {
    font(13, 'bold', BLUE);
    room(lineHeight() + 14);
    y += 4;
    write(lines(t, TEXT_WIDTH), PAGE.margin);
    y += 0.8;
    rule(BLUE, 0.4);
    y += 2.5;
  };

  /** A small table across `width` from `x`: bold header, wrapped cells, rows kept whole on a page when they fit. */
  const listTable = (t: ListTable, x: number, width: number) => {
    const col = width / Math.max(1, t.header.length);
    const row = (cells: readonly string[], bold: boolean) => {
      font(8.5, bold ? 'bold' : 'normal', bold ? GREY : '#000000');
      const wrapped = cells.map((c) => lines(c, col - 2));
      const h = Math.max(1, ...wrapped.map((w) => w.length)) * lineHeight() + 1.6;
      room(h);
      wrapped.forEach((w, i) => doc.text(w, x + i * col + 1, y + 0.8, { baseline: 'top' }));
      y += h;
      doc.setDrawColor(RULE);
      doc.setLineWidth(0.15);
      doc.line(x, y, x + width, y);
    };
    row(t.header, true);
    for (const r of t.rows) row(r, false);
  };

  /** The height of `fields`' rows (list tables estimated at one line per row and cell). */
  const rowsHeight = (fields: readonly CvField[]) =>
    fields.reduce((sum, f) => {
      font(9.5);
      const value = f.table
        ? (f.table.rows.length + 1) * (lineHeight() + 1.6)
        : lines(f.text, TEXT_WIDTH - LABEL_WIDTH).length * lineHeight();
      return sum + value + 1.8;
    }, 0);

  /** Label and value rows; a row that fits on a page is not split. */
  const fieldRows = (fields: readonly CvField[]) => {
    for (const f of fields) {
      font(9, 'bold', GREY);
      const label = lines(f.label, LABEL_WIDTH - 2);
      const labelH = label.length * lineHeight();
      font(9.5);
      const value = f.table ? [] : lines(f.text, TEXT_WIDTH - LABEL_WIDTH);
      const h = Math.max(labelH, value.length * lineHeight()) + 1.8;
      if (h <= BOTTOM - PAGE.margin) room(f.table ? labelH + 8 : h);
      const top = y;
      font(9, 'bold', GREY);
      doc.text(label, PAGE.margin, y + 0.9, { baseline: 'top' });
      y += 0.9;
      if (f.table) listTable(f.table, PAGE.margin + LABEL_WIDTH, TEXT_WIDTH - LABEL_WIDTH);
      else {
        font(9.5);
        write(value, PAGE.margin + LABEL_WIDTH);
      }
      y = Math.max(y, top + labelH + 0.9) + 0.9;
      rule();
    }
  };

  font(20, 'bold', BLUE);
  write(lines(cv.name, TEXT_WIDTH), PAGE.margin);
  y += 1;
  if (cv.affiliation.length) {
    font(11.5);
    write(lines(cv.affiliation.join(', '), TEXT_WIDTH), PAGE.margin);
  }
  if (cv.contact.length) {
    font(9.5, 'normal', GREY);
    write(lines(cv.contact.join('   |   '), TEXT_WIDTH), PAGE.margin);
  }
  if (cv.profile.length) {
    heading('Profile');
    fieldRows(cv.profile);
  }
  for (const s of cv.sections) {
    heading(s.title);
    s.entries.forEach((e, i) => {
      if (e.citation) {
        font(10);
        const text = lines(e.heading, TEXT_WIDTH - 7);
        font(8.5, 'normal', GREY);
        const facts = e.fields.length ? lines(e.fields.map((f) => `${f.label}: ${f.text}`).join('  ·  '), TEXT_WIDTH - 7) : [];
        font(10);
        room(Math.min(text.length * lineHeight() + facts.length * 3.6, BOTTOM - PAGE.margin));
        doc.text(`${i + 1}.`, PAGE.margin, y, { baseline: 'top' });
        write(text, PAGE.margin + 7);
        font(8.5, 'normal', GREY);
        write(facts, PAGE.margin + 7);
        y += 2.2;
      } else {
        // An entry that fits on a page starts on a new one rather than being split.
        const whole = rowsHeight(e.fields) + 12;
        font(10.5, 'bold');
        room(whole <= BOTTOM - PAGE.margin ? whole : lineHeight() * 2 + 8);
        y += 1;
        write(lines(e.heading, TEXT_WIDTH), PAGE.margin);
        y += 0.8;
        rule();
        fieldRows(e.fields);
        y += 3;
      }
    });
  }

  return finishPdf(doc, cv.footer, 8, 10);
}

/**
 * The text tools of Attain's PDFs over one document: `font` sets Helvetica's size (pt), style and colour; `lineHeight`
 * is the current font's line in mm; `lines` wraps text (spelled in Windows-1252, see `winAnsi`) to a width in mm.
 */
export function pdfText(doc: Pdf) {
  return {
    font: (size: number, style: 'normal' | 'bold' = 'normal', color = '#000000') => {
      doc.setFont('helvetica', style);
      doc.setFontSize(size);
      doc.setTextColor(color);
    },
    lineHeight: () => doc.getFontSize() * doc.getLineHeightFactor() * PT,
    lines: (t: string, width: number): string[] => doc.splitTextToSize(winAnsi(t), width) as string[],
  };
}

/**
 * Writes `<text>  ·  Page n of m` centred in the bottom margin of every page of `doc` (Helvetica `size` pt, grey,
 * `fromBottom` mm above the page's edge) and returns the file's bytes: the last step of every Attain PDF.
 */
export function finishPdf(doc: Pdf, text: string, size: number, fromBottom: number): Uint8Array {
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(size);
    doc.setTextColor(GREY);
    doc.text(winAnsi(`${text}  ·  Page ${p} of ${pages}`), width / 2, height - fromBottom, { align: 'center', baseline: 'top' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}
