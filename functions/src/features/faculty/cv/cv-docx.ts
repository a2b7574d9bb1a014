import type { ListTable } from '@attain/shared-types';
import type { CvDocument, CvField } from './cv-model.js';

/** The MIME type of a Word document (DOCX, Office Open XML). */

/** A4 with 2 cm margins: the text is 9,638 twips (17 cm) wide. */
const TEXT_WIDTH = 9638;
const LABEL_WIDTH = 2900;
const GREY = '595959';
const RULE = 'BFBFBF';

/** The `docx` module, loaded on first use. */
type Docx = typeof import('docx');

/**
 * The footer of Attain's Word documents (the CV and the reports): `<text>  ·  Page n of m`, centred, grey, in `size`
 * half-points.
 */
export function pageFooter(d: Docx, text: string, size: number) {
  const grey = (t: string) => new d.TextRun({ text: t, size, color: GREY });
  return new d.Footer({
    children: [
      new d.Paragraph({
        alignment: d.AlignmentType.CENTER,
        children: [
          grey(`${text}  ·  Page `),
          new d.TextRun({ children: [d.PageNumber.CURRENT], size, color: GREY }),
          grey(' of '),
          new d.TextRun({ children: [d.PageNumber.TOTAL_PAGES], size, color: GREY }),
        ],
      }),
    ],
  });
}

/**
 * Writes a CV as a Word document (A4, Calibri 10.5 pt): the name as the title, affiliation and contact beneath,
 * a Profile table, then one heading per record type with its entries (a numbered citation with a line of further
 * facts, or a bold title over a two-column table of the record's fields); list values are tables inside their cell;
 * the footer carries `cv.footer` and the page number. The `docx` library is loaded here, on first use, so nothing
 * else pays for it.
 * @returns the DOCX file's bytes (a ZIP)
 */
export async function cvDocx(cv: CvDocument): Promise<Uint8Array> {
  const d = await import('docx');
  const border = { style: d.BorderStyle.SINGLE, size: 4, color: RULE };
  const borders = { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border };
  const cellMargins = { top: 40, bottom: 40, left: 80, right: 80 };

  const text = (t: string, o: { bold?: boolean; size?: number; color?: string; italics?: boolean } = {}) =>
    new d.TextRun({ text: t, ...o });
  const para = (t: string, o: { bold?: boolean; size?: number; color?: string; after?: number } = {}) =>
    new d.Paragraph({ children: [text(t, o)], spacing: { after: o.after ?? 0 } });

  const listTable = (t: ListTable, width: number) => {
    const col = Math.floor(width / Math.max(1, t.header.length));
    const row = (cells: string[], bold: boolean) =>
      new d.TableRow({
        tableHeader: bold,
        children: cells.map(
          (c) =>
            new d.TableCell({
              width: { size: col, type: d.WidthType.DXA },
              margins: cellMargins,
              children: [para(c, { bold, size: 18 })],
              ...(bold ? { shading: { type: d.ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } } : {}),
            }),
        ),
      });
    return new d.Table({
      width: { size: width, type: d.WidthType.DXA },
      columnWidths: t.header.map(() => col),
      borders,
      rows: [row(t.header, true), ...t.rows.map((r) => row(r, false))],
    });
  };

  const fieldsTable = (fields: readonly CvField[]) =>
    new d.Table({
      width: { size: TEXT_WIDTH, type: d.WidthType.DXA },
      columnWidths: [LABEL_WIDTH, TEXT_WIDTH - LABEL_WIDTH],
      borders,
      rows: fields.map(
        (f) =>
          new d.TableRow({
            cantSplit: !f.table,
            children: [
              new d.TableCell({
                width: { size: LABEL_WIDTH, type: d.WidthType.DXA },
                margins: cellMargins,
                children: [para(f.label, { bold: true, color: GREY })],
              }),
              new d.TableCell({
                width: { size: TEXT_WIDTH - LABEL_WIDTH, type: d.WidthType.DXA },
                margins: cellMargins,
                children: f.table
                  ? [listTable(f.table, TEXT_WIDTH - LABEL_WIDTH - 200), new d.Paragraph({ children: [] })]
                  : f.text.split('\n').map((line) => para(line)),
              }),
            ],
          }),
      ),
    });

  const heading = (t: string) => new d.Paragraph({ heading: d.HeadingLevel.HEADING_1, keepNext: true, children: [text(t)] });
  const gap = () => new d.Paragraph({ children: [], spacing: { after: 120 } });

  const body: (InstanceType<typeof d.Paragraph> | InstanceType<typeof d.Table>)[] = [
    new d.Paragraph({ heading: d.HeadingLevel.TITLE, children: [text(cv.name)] }),
    ...(cv.affiliation.length ? [para(cv.affiliation.join(', '), { size: 24, after: 40 })] : []),
    ...(cv.contact.length ? [para(cv.contact.join('  |  '), { color: GREY, after: 120 })] : []),
  ];
  if (cv.profile.length) body.push(heading('Profile'), fieldsTable(cv.profile));
  for (const s of cv.sections) {
    body.push(heading(s.title));
    s.entries.forEach((e, i) => {
      if (e.citation) {
        body.push(
          new d.Paragraph({
            indent: { left: 400, hanging: 400 },
            spacing: { after: e.fields.length ? 0 : 120 },
            keepNext: e.fields.length > 0,
            children: [text(`${i + 1}.\t`), text(e.heading)],
            tabStops: [{ type: d.TabStopType.LEFT, position: 400 }],
          }),
        );
        if (e.fields.length)
          body.push(
            new d.Paragraph({
              indent: { left: 400 },
              spacing: { after: 120 },
              children: [text(e.fields.map((f) => `${f.label}: ${f.text}`).join('  ·  '), { size: 18, color: GREY })],
            }),
          );
      } else {
        body.push(new d.Paragraph({ keepNext: true, spacing: { before: 120, after: 60 }, children: [text(e.heading, { bold: true })] }));
        if (e.fields.length) body.push(fieldsTable(e.fields));
        body.push(gap());
      }
    });
  }

  const doc = new d.Document({
    title: `${cv.name} - CV`,
    creator: 'Attain',
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 21 }, paragraph: { spacing: { after: 0 } } },
        title: { run: { font: 'Calibri', size: 40, bold: true, color: '1F3864' }, paragraph: { spacing: { after: 60 } } },
        heading1: {
          run: { font: 'Calibri', size: 26, bold: true, color: '1F3864' },
          paragraph: {
            spacing: { before: 320, after: 120 },
            border: { bottom: { style: d.BorderStyle.SINGLE, size: 6, color: '1F3864', space: 2 } },
          },
        },
      },
    },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: { default: pageFooter(d, cv.footer, 16) },
        children: body,
      },
    ],
  });
  return new Uint8Array(await d.Packer.toBuffer(doc));
}
