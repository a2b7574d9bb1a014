import {
  type Figure,
  type ReadinessItem,
  type RecordOf,
  type ReportSection,
  type ReportTable,
  type SarFormatDef,
  type SarItemDef,
  type SarReadinessView,
  gridRows,
  typedRows,
  type department,
  type organization,
  type program,
} from '@attain/shared-types';

/** The text of a section as paragraphs: its sanitised HTML's blocks (paragraphs, list items, headings), tags taken out. */
export function htmlParagraphs(html: string | undefined): string[] {
  if (!html) return [];
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .split(/<\/(?:p|li|h[1-6]|blockquote|pre)>/i)
    .flatMap((block) => block.split('\n'))
    .map((t) =>
      t
        .replace(/<[^>]*>/g, '')
        .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => entities[e] ?? e)
        .trim(),
    )
    .filter(Boolean);
}

/** A figure that could not be computed, as the SAR prints it: its inputs (`N = 60; N1 = not entered`), not `-`. */
const withInputs = (f: Figure): Figure =>
  f.value === null && f.trace.inputs.length ? { ...f, text: f.trace.inputs.map((i) => `${i.label} = ${i.value}`).join('; ') } : f;

/**
 * An item's computed figures as a table: one row per year or batch (one that cannot be computed lists its inputs), then
 * the average and the marks (traced; marks that cannot be computed are left for the team, `forSubmission`).
 */
function figuresTable(item: ReadinessItem): ReportTable[] {
  if (!item.computed || (!item.figures.length && item.computed.value === null)) return [];
  return [
    {
      id: `${item.number}-figures`,
      title: `${item.number} ${item.title}`,
      columns: [
        { key: 'what', label: 'Year or batch' },
        { key: 'value', label: 'Value' },
      ],
      rows: item.figures.map((f) => ({ what: f.label, value: withInputs(f.figure) })),
      footer: [...(item.average ? [{ what: 'Average', value: item.average }] : []), { what: 'Marks', value: item.computed }],
    },
  ];
}

/**
 * NBA's tables for an item as the team filled them in its section, in the format's order and columns (`gridRows`: a
 * cell by its column's heading; rows with nothing typed left out): every table NBA asks for is printed, one not filled
 * yet with its headings and "Not filled yet.".
 */
function teamTables(item: ReadinessItem, def: SarItemDef): ReportTable[] {
  return (def.tables ?? []).map((t, k) => {
    const stored = item.section?.tables.find((x) => x.title === t.title);
    const rows = stored ? typedRows(gridRows(stored, t.columns)) : [];
    const keys = t.columns.map((_, i) => `c${i}`);
    return {
      id: `${def.number}-table-${k + 1}`,
      title: t.title,
      columns: t.columns.map((label, i) => ({ key: keys[i], label })),
      rows: rows.map((r) => Object.fromEntries(keys.map((key, i) => [key, r[i] ?? '']))),
      ...(rows.length ? {} : { notes: ['Not filled yet.'] }),
    };
  });
}

/**
 * What the team wrote for an item, as the document prints it: its text, or "Not written yet.", and the marks claimed
 * (with why); the review copy (`review`) also gives the section's status (Draft, In review, Approved).
 */
function writtenText(item: ReadinessItem, review: boolean): ReportSection['texts'] {
  const s = item.section;
  const body = htmlParagraphs(s?.written ? s.text : undefined);
  const claim =
    s && s.claimed !== null && item.source === 'claimed' ? `Marks claimed: ${s.claimed}${s.reason ? ` (${s.reason})` : ''}.` : '';
  const status = s && review ? [`Status: ${s.status}.${claim ? ` ${claim}` : ''}`] : claim ? [claim] : [];
  if (item.kind === 'computed' && item.source === 'computed') return body.length ? [{ title: 'Notes', paragraphs: body }] : [];
  return [{ title: 'Text', paragraphs: [...(body.length ? body : ['Not written yet.']), ...status] }];
}

/**
 * The whole SAR of a program in NBA's order and numbering for its format: the contents (criteria and marks), Part A (the institution, the department
 * and the program from their records), every criterion with its marks counted, and under it every item with what the
 * team wrote (or "Not written yet."), its computed figures (traced), the product's tables NBA asks for there
 * (`tablesFrom`: Criterion 3's matrices and attainment, Criterion 5's faculty tables) and NBA's tables as the team
 * filled them (`teamTables`), then the declaration.
 * `built` holds the Criterion 3 and 5 sections by id; `readiness` the items' figures, sections and marks. The format's
 * notes on an item (a formula not found, a split not given) are the readiness page's, never the document's; `review`
 * (the team's review copy) adds each section's status and claim.
 */
export function wholeSarSections(
  format: SarFormatDef,
  readiness: SarReadinessView,
  built: ReadonlyMap<string, ReportSection>,
  records: { org?: RecordOf<typeof organization>; prog: RecordOf<typeof program>; dept?: RecordOf<typeof department> },
  review = false,
): ReportSection[] {
  const { org, prog, dept } = records;
  const intake = (prog.intake ?? []).map((r) => ({
    what: `Sanctioned intake ${r.academic_year}`,
    value: `${r.sanctioned_intake}`,
  }));
  const partA: ReportSection = {
    id: 'part-a',
    title: 'Part A: Institutional information',
    texts: [
      ...(org?.vision ? [{ title: 'Vision of the institute', paragraphs: [org.vision] }] : []),
      ...(org?.mission ? [{ title: 'Mission of the institute', paragraphs: [org.mission] }] : []),
    ],
    tables: [
      {
        id: 'part-a',
        title: 'Institution, department and program',
        columns: [
          { key: 'what', label: 'Item' },
          { key: 'value', label: 'Details' },
        ],
        rows: [
          { what: 'Name of the institution', value: org?.name ?? '' },
          ...(org?.society_name ? [{ what: 'Society or trust', value: org.society_name }] : []),
          { what: 'Department', value: dept ? `${dept.name} (${dept.short_name})` : '' },
          { what: 'Program', value: `${prog.title}${prog.acronym ? ` (${prog.acronym})` : ''}` },
          { what: 'SAR format', value: format.document },
          ...intake,
        ],
      },
    ],
  };
  const criteria = format.criteria.flatMap((c, k): ReportSection[] => {
    const counted = readiness.criteria[k];
    const head: ReportSection = {
      id: `criterion-${c.number}`,
      title: `Criterion ${c.number}: ${c.title} (${c.marks} marks)`,
      texts: [{ title: 'Marks counted', paragraphs: [`${counted.awarded.toFixed(2)} of ${c.marks} (${counted.percent.toFixed(2)} %).`] }],
      tables: [],
    };
    const items = counted.items.map((item, i): ReportSection => {
      const def = c.items[i];
      const pool = c.pools?.find((p) => p.items.includes(def.number));
      const marks = def.marks !== null ? `${def.marks} marks` : `marked with ${pool?.items.join(', ')}: ${pool?.marks} marks`;
      return {
        id: def.number,
        title: `${def.number} ${def.title} (${marks})`,
        texts: writtenText(item, review) ?? [],
        tables: [...figuresTable(item), ...(def.tablesFrom ?? []).flatMap((id) => built.get(id)?.tables ?? []), ...teamTables(item, def)],
      };
    });
    return [head, ...items];
  });
  const declaration: ReportSection = {
    id: 'declaration',
    title: 'Declaration',
    texts: [
      {
        title: 'To be signed by the head of the institution',
        paragraphs: [
          `This Self Assessment Report of ${prog.title} is submitted to NBA for accreditation. The head of the institution ` +
            'signs here that the information in it is correct.',
          'Name, designation, signature, date and seal: ______________________________',
        ],
      },
    ],
    tables: [],
  };
  const contents: ReportSection = {
    id: 'contents',
    title: 'Contents',
    tables: [
      {
        id: 'contents',
        title: 'Criteria and marks',
        columns: [
          { key: 'part', label: 'Part' },
          { key: 'title', label: 'Title' },
          { key: 'marks', label: 'Marks' },
        ],
        rows: [
          { part: 'Part A', title: 'Institutional information', marks: '' },
          ...format.criteria.map((c) => ({ part: `Criterion ${c.number}`, title: c.title, marks: c.marks })),
          { part: '', title: 'Declaration', marks: '' },
        ],
      },
    ],
  };
  return [contents, partA, ...criteria, declaration];
}
