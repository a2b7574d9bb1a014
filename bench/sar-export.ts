import type { ProgramAttainment, ReportTable, SarFormatDef, SarView } from '@attain/shared-types';
import { formatShowsOutcome, isFigure, sarFormatDef } from '@attain/shared-types';
import { measure } from './measures.js';

type Row = { metric: string; value: string; budget: string; ok: boolean | null };

/** The API's limit for a synchronous answer (API Gateway's integration timeout), ms. */
const API_LIMIT_MS = 30_000;

/**
 * The SAR's PO/PSO attainment table of CAY (3.3.2, `table`) against the program attainment served for that year
 * (`served`): the outcomes compared are those the SAR of the program's `format` prints (`formatShowsOutcome`, the rule
 * the SAR itself follows: every PSO and the format's POs; NBA's PO12 is not in the 2025 format's 11). `differing` names
 * each compared outcome whose SAR final level is not the page's, or that has no SAR row, as `PO3 2.1 vs 2.05` (page vs
 * SAR), and each SAR row the page has no outcome for; `leftOut` the page's outcomes the format leaves out.
 */
export function sarFinalLevels(
  served: ProgramAttainment,
  table: ReportTable | undefined,
  format: Pick<SarFormatDef, 'pos'>,
): { compared: number; differing: string[]; leftOut: string[] } {
  const shown = formatShowsOutcome(format);
  const outcomes = served.outcomes.filter((o) => shown(o.reference));
  const differing = outcomes.flatMap((o) => {
    const cell = table?.rows.find((r) => r.outcome === o.reference)?.final;
    const sar = isFigure(cell) ? cell.value : cell;
    return sar === o.attainment ? [] : [`${o.reference} ${o.attainment} vs ${sar ?? 'none'}`];
  });
  const extra = (table?.rows ?? [])
    .map((r) => String(r.outcome))
    .filter((ref) => !outcomes.some((o) => o.reference === ref))
    .map((ref) => `${ref} none vs a SAR row`);
  return {
    compared: outcomes.length,
    differing: [...differing, ...extra],
    leftOut: served.outcomes.filter((o) => !shown(o.reference)).map((o) => o.reference),
  };
}

/**
 * Step 7b of `npm run bench` (issue 15): the NBA SAR of the bench-scale program (step 7's fixture, 64 courses with
 * marks and matrices) through `GET /api/reports/sar/{program}` as JSON, DOCX and PDF: time and size of each, against
 * the API's 30 s. The JSON is checked against the program attainment the API served: every course in the program
 * articulation matrix, and CAY's PO/PSO final levels equal figure for figure for the outcomes the program's SAR format
 * prints (`sarFinalLevels`: the fixture has NBA's 12 POs under the default 2025 format of 11, so its PO12 is left out
 * by design, decision 0045). Then the whole SAR of the program's format (`criteria=all`) as DOCX and PDF against the
 * issue's 5 s.
 */
export async function benchSar(
  base: string,
  headers: Record<string, string>,
  program: string,
  served: ProgramAttainment[],
): Promise<Row[]> {
  const cay = served[0]?.academic_year;
  if (!cay) throw new Error('bench SAR: the fixture program has no attainment year');
  // The JSON is read as the team's review copy (`review=1`): its figures carry their traces, which the check counts;
  // the copy a program submits prints values only.
  const url = (format: string, whole = false) =>
    `${base}/api/reports/sar/${program}?year=${cay}&format=${format}${whole ? '&criteria=all' : ''}${format === 'json' ? '&review=1' : ''}`;
  const rows: Row[] = [];
  const timed = async (format: string, whole = false) => {
    const t0 = performance.now();
    const res = await fetch(url(format, whole), { headers });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!res.ok) throw new Error(`bench SAR ${format}: ${res.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
    return { ms: performance.now() - t0, bytes, calls: Number(res.headers.get('x-dynamodb-calls')) };
  };
  const json = await timed('json');
  const view = (JSON.parse(new TextDecoder().decode(json.bytes)) as { data: SarView }).data;
  const pam = view.sections.find((s) => s.id === '3.1-pam')?.tables[0];
  const courses = served[0].courses.length;
  const po = view.sections.find((s) => s.id === '3.3.2')?.tables[0];
  // The program's SAR format decides which POs the SAR prints (the program record's `sar_version`).
  const record = await fetch(`${base}/api/program/${program}`, { headers });
  if (!record.ok) throw new Error(`bench SAR: GET /api/program answered ${record.status}`);
  const format = sarFormatDef(((await record.json()) as { data: { sar_version?: string } }).data.sar_version);
  const { compared, differing, leftOut } = sarFinalLevels(served[0], po, format);
  const same = differing.length === 0 && compared > 0;
  const figures = view.sections
    .flatMap((s) => s.tables)
    .flatMap((t) => [...t.rows, ...(t.footer ?? [])].flatMap((r) => Object.values(r).filter(isFigure))).length;
  rows.push({
    metric: `SAR JSON of the bench program (${courses} courses with marks, criteria 3 and 5, ${figures} traced figures): time, DynamoDB calls, size`,
    value: `${json.ms.toFixed(0)} ms, ${json.calls} calls, ${(json.bytes.length / 1024).toFixed(0)} KB`,
    budget: `<= ${API_LIMIT_MS / 1000} s`,
    ok: json.ms <= API_LIMIT_MS,
  });
  rows.push({
    metric: 'SAR JSON: courses in the program articulation matrix; CAY PO/PSO final levels equal the program attainment served',
    value:
      `${pam?.rows.length ?? 0} of ${courses}; ` +
      `${same ? 'equal' : `DIFFERENT (page vs SAR: ${differing.slice(0, 4).join(', ')})`} for ${compared} outcomes` +
      `${leftOut.length ? ` (${leftOut.join(', ')} left out: the program's SAR format has ${format.pos} POs)` : ''}`,
    budget: `${courses}; equal`,
    ok: (pam?.rows.length ?? 0) >= courses && same,
  });
  for (const format of ['docx', 'pdf']) {
    const file = await timed(format);
    if (format === 'docx') {
      measure('sar.export.ms', file.ms);
      measure('sar.export.calls', file.calls);
      measure('sar.export.kb', file.bytes.length / 1024);
    }
    const magic = format === 'docx' ? 'PK' : '%PDF';
    const valid = new TextDecoder().decode(file.bytes.subarray(0, magic.length)) === magic;
    rows.push({
      metric: `SAR ${format.toUpperCase()} of the bench program: generation time (request to last byte), size`,
      value: `${file.ms.toFixed(0)} ms, ${(file.bytes.length / 1024).toFixed(0)} KB${valid ? '' : ' (NOT A ' + format.toUpperCase() + ')'}`,
      budget: `<= ${API_LIMIT_MS / 1000} s`,
      ok: valid && file.ms <= API_LIMIT_MS,
    });
  }
  // The whole SAR of the program's format (every criterion and item, Criteria 3 and 5 tables under their items).
  const wholeJson = await timed('json', true);
  const wholeView = (JSON.parse(new TextDecoder().decode(wholeJson.bytes)) as { data: SarView }).data;
  const criteria = wholeView.sections.filter((s) => s.id.startsWith('criterion-')).length;
  for (const format of ['docx', 'pdf']) {
    const file = await timed(format, true);
    const magic = format === 'docx' ? 'PK' : '%PDF';
    const valid = new TextDecoder().decode(file.bytes.subarray(0, magic.length)) === magic;
    rows.push({
      metric: `Whole SAR ${format.toUpperCase()} of the bench program (${criteria} criteria, ${wholeView.sections.length} sections): time, size`,
      value: `${file.ms.toFixed(0)} ms, ${(file.bytes.length / 1024).toFixed(0)} KB${valid ? '' : ' (NOT A ' + format.toUpperCase() + ')'}`,
      budget: '<= 5 s',
      ok: valid && criteria >= 9 && file.ms <= 5_000,
    });
  }
  return rows;
}
