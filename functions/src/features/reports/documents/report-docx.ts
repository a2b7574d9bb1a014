import { type ReportTable, type ReportView, cellText, isFigure } from '@attain/shared-types';
import { columnWidths, numberFigures, traceLines } from './report-traces.js';
import { pageFooter } from '../../faculty/index.js';

/** A4 landscape with 1.5 cm margins: the text is 15,138 twips wide (docx takes the portrait size and turns it). */
const PAGE = { width: 16838, height: 11906, margin: 850 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const RULE = 'BFBFBF';
const GREY = '595959';

/**
 * Writes a report (the SAR, or any `ReportView`) as a Word document, A4 landscape: the title, the context lines, then
 * each section as a heading with its paragraphs and tables (a bold repeated header row, footer rows in bold). Every
 * computed figure carries a footnote with its trace (formula, inputs, rounding, version, source, note), numbered in
 * reading order as `numberFigures` gives, unless `view.traces` is false; `view.page_label` is printed in every page's
 * header and footer. The `docx` library is loaded on first use.
 * @returns the DOCX file's bytes (a ZIP)
 */
export async function reportDocx(view: ReportView): Promise<Uint8Array> {
  const d = await import('docx');
  // Without traces (the SAR a program submits) no figure gets a footnote.
  const numbers = view.traces === false ? new Map<never, number>() : numberFigures(view);
  const border = { style: d.BorderStyle.SINGLE, size: 4, color: RULE };
  const borders = { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border };
  const margins = { top: 30, bottom: 30, left: 60, right: 60 };
  const run = (text: string, o: { bold?: boolean; size?: number; color?: string } = {}) => new d.TextRun({ text, ...o });

  const table = (t: ReportTable) => {
    const widths = columnWidths(t, TEXT_WIDTH).map(Math.floor);
    const cell = (children: InstanceType<typeof d.Paragraph>[], i: number, header: boolean) =>
      new d.TableCell({
        width: { size: widths[i], type: d.WidthType.DXA },
        margins,
        children,
        ...(header ? { shading: { type: d.ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } } : {}),
      });
    const header = new d.TableRow({
      tableHeader: true,
      children: t.columns.map((c, i) =>
        cell([new d.Paragraph({ children: [run(c.unit ? `${c.label} (${c.unit})` : c.label, { bold: true, size: 17 })] })], i, true),
      ),
    });
    const body = (rows: ReportTable['rows'], bold: boolean) =>
      rows.map(
        (r) =>
          new d.TableRow({
            cantSplit: true,
            children: t.columns.map((c, i) => {
              const v = r[c.key];
              const children: (InstanceType<typeof d.TextRun> | InstanceType<typeof d.FootnoteReferenceRun>)[] = [
                run(cellText(v), { bold, size: 17 }),
              ];
              const n = isFigure(v) ? numbers.get(v) : undefined;
              if (n !== undefined) children.push(new d.FootnoteReferenceRun(n));
              return cell([new d.Paragraph({ children })], i, false);
            }),
          }),
      );
    return new d.Table({
      width: { size: TEXT_WIDTH, type: d.WidthType.DXA },
      columnWidths: widths,
      borders,
      rows: [header, ...body(t.rows, false), ...body(t.footer ?? [], true)],
    });
  };

  const children: (InstanceType<typeof d.Paragraph> | InstanceType<typeof d.Table>)[] = [
    new d.Paragraph({ heading: d.HeadingLevel.TITLE, children: [run(view.title)] }),
    ...view.context.map((c) => new d.Paragraph({ children: [run(c, { color: GREY })] })),
  ];
  if (view.empty) children.push(new d.Paragraph({ children: [run(view.empty)] }));
  for (const s of view.sections) {
    children.push(new d.Paragraph({ heading: d.HeadingLevel.HEADING_1, keepNext: true, children: [run(s.title)] }));
    for (const t of s.texts ?? []) {
      children.push(new d.Paragraph({ heading: d.HeadingLevel.HEADING_3, keepNext: true, children: [run(t.title)] }));
      for (const p of t.paragraphs) children.push(new d.Paragraph({ spacing: { after: 80 }, children: [run(p)] }));
    }
    for (const t of s.tables) {
      children.push(new d.Paragraph({ heading: d.HeadingLevel.HEADING_2, keepNext: true, children: [run(t.title)] }));
      if (t.rows.length || t.footer?.length) children.push(table(t));
      for (const n of t.notes ?? []) children.push(new d.Paragraph({ children: [run(n, { size: 17, color: GREY })] }));
    }
  }

  const footnotes = Object.fromEntries(
    [...numbers].map(([f, n]) => [n, { children: traceLines(f).map((line) => new d.Paragraph({ children: [run(line, { size: 15 })] })) }]),
  );
  const doc = new d.Document({
    title: view.title,
    creator: 'Attain',
    footnotes,
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 19 }, paragraph: { spacing: { after: 0 } } },
        title: { run: { font: 'Calibri', size: 36, bold: true, color: '1F3864' }, paragraph: { spacing: { after: 80 } } },
        heading1: { run: { font: 'Calibri', size: 28, bold: true, color: '1F3864' }, paragraph: { spacing: { before: 320, after: 120 } } },
        heading2: { run: { font: 'Calibri', size: 22, bold: true }, paragraph: { spacing: { before: 200, after: 80 } } },
        heading3: { run: { font: 'Calibri', size: 20, bold: true, color: GREY }, paragraph: { spacing: { before: 120, after: 40 } } },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.height, height: PAGE.width, orientation: d.PageOrientation.LANDSCAPE },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        footers: { default: pageFooter(d, view.page_label ? `${view.page_label}: ${view.title}` : view.title, 15) },
        ...(view.page_label
          ? {
              headers: {
                default: new d.Header({
                  children: [
                    new d.Paragraph({
                      alignment: d.AlignmentType.RIGHT,
                      children: [run(view.page_label, { bold: true, size: 18, color: 'C00000' })],
                    }),
                  ],
                }),
              },
            }
          : {}),
        children,
      },
    ],
  });
  return new Uint8Array(await d.Packer.toBuffer(doc));
}
