import { ABSENT_MARK, type ImportJob, MAX_DIRECT_MARKS_ROWS, type MarksRow, type MarksTable, type RowError, type SheetQuestion, type SheetStudent, marksTemplate, readMarksTable } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { showPopup } from '../app/state';
import { downloadCsv, downloadXlsx, readCsv, readXlsx } from './table-export';

/** `GET /api/marks/{occasion}`. */
interface Sheet {
  occasion: { id: string; name: string; kind: string; section?: string; total_marks: number };
  course: { id: string; code?: string; title: string; curriculum?: string; term?: string };
  questions: SheetQuestion[];
  students: SheetStudent[];
  rows: MarksRow[];
  version: number;
  updated_by?: string;
  updated_at?: string;
}

/** Files up to this size (bytes) and `MAX_DIRECT_MARKS_ROWS` rows go in one request; bigger ones through S3. */
const DIRECT_BYTES = 200 * 1024;

type Cell = string;
type GridRow = { absent: boolean; marks: Record<string, Cell> };

const toGrid = (sheet: Sheet): Record<string, GridRow> => {
  const by = new Map(sheet.rows.map((r) => [r.student, r]));
  return Object.fromEntries(
    sheet.students.map((s) => {
      const r = by.get(s.id);
      return [s.id, { absent: Boolean(r?.absent), marks: Object.fromEntries(sheet.questions.map((q) => [q.number, r?.marks[q.number] == null ? '' : String(r.marks[q.number])])) }];
    }),
  );
};

/** Rows of cells in the template's layout for the grid's changed students (so one reader checks both). */
const gridTable = (sheet: Sheet, grid: Record<string, GridRow>, ids: string[]) => {
  const roll = new Map(sheet.students.map((s) => [s.id, s.roll_no]));
  return [['roll_no', ...sheet.questions.map((q) => q.number)], ...ids.map((id) => [roll.get(id) ?? '', ...sheet.questions.map((q) => (grid[id].absent ? ABSENT_MARK : grid[id].marks[q.number]))])];
};

/** Row-level problems; `where` names a row (default: the file's line number). */
function RowErrors({ errors, where = (e) => `Row ${e.row}` }: { errors: RowError[]; where?: (e: RowError) => string }) {
  if (!errors.length) return null;
  return (
    <div className="import-errors" role="alert">
      <strong>
        {errors.length} problem{errors.length > 1 ? 's' : ''}; nothing was saved:
      </strong>
      <ul>
        {errors.slice(0, 200).map((e, i) => (
          <li key={i}>
            {where(e)}
            {e.field ? `, ${e.field}` : ''}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Marks of one occasion: download the template (CSV or XLSX: students x questions with each question's maximum
 * marks and CO), upload a filled file (checked in the browser with the server's own rules and previewed before
 * anything is saved; large files go browser -> S3 -> the import worker with progress), and a grid to enter or
 * correct marks (`AB` = absent).
 */
export function MarksSheetPage({ occasionId, back }: { occasionId: string; back: string }) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [grid, setGrid] = useState<Record<string, GridRow>>({});
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [file, setFile] = useState<{ name: string; table: string[][]; bytes: number; read: MarksTable } | null>(null);
  const [serverErrors, setServerErrors] = useState<RowError[]>([]);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [search, setSearch] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const load = useCallback(async () => {
    const r = await api<{ data: Sheet }>('GET', `/api/marks/${occasionId}`);
    setSheet(r.data);
    setGrid(toGrid(r.data));
    setDirty(new Set());
  }, [occasionId]);
  useEffect(() => void load().catch(() => undefined), [load]);

  const baseName = sheet ? `${sheet.course.code ?? 'course'}-${sheet.occasion.name}-marks` : 'marks';
  const template = (filled = false) => (sheet ? marksTemplate(sheet.questions, sheet.students, filled ? new Map(sheet.rows.map((r) => [r.student, r])) : undefined) : []);
  const pick = async (f: File | undefined) => {
    setServerErrors([]);
    setJob(null);
    if (!f || !sheet) return setFile(null);
    const table = /\.xlsx$/i.test(f.name) ? await readXlsx(f) : await readCsv(f);
    setFile({ name: f.name, table, bytes: f.size, read: readMarksTable(table, sheet.questions, sheet.students) });
  };
  const pollJob = async (id: string) => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 700));
      const j = (await api<{ data: ImportJob }>('GET', `/api/import-job/${id}`, undefined, { quiet: true }).catch(() => null))?.data;
      if (!j) continue;
      setJob(j);
      if (j.status === 'done' || j.status === 'failed') return j;
    }
  };
  const saveFile = async () => {
    if (!file || !sheet) return;
    setServerErrors([]);
    const { default: Papa } = await import('papaparse');
    const csv = Papa.unparse(file.table);
    try {
      if (file.bytes <= DIRECT_BYTES && file.read.rows.length <= MAX_DIRECT_MARKS_ROWS) {
        const r = await api<{ message: string }>('POST', `/api/marks/${occasionId}/upload`, csv, { contentType: 'text/csv' });
        showPopup('success', r.message);
      } else {
        const open = await api<{ data: { job: ImportJob; upload: { url: string; fields: Record<string, string> } } }>('POST', `/api/marks/${occasionId}/upload-url`, { file_name: file.name });
        setJob(open.data.job);
        const form = new FormData();
        for (const [k, v] of Object.entries(open.data.upload.fields)) form.append(k, v);
        form.append('file', new Blob([csv], { type: 'text/csv' }), file.name.replace(/\.xlsx$/i, '.csv'));
        const res = await fetch(open.data.upload.url, { method: 'POST', body: form });
        if (!res.ok) throw new ApiError(res.status, 'The file could not be uploaded to storage; try again');
        const done = await pollJob(open.data.job.id);
        if (done.status === 'failed') {
          setServerErrors(done.errors);
          showPopup('error', done.detail ?? 'The import failed');
          return;
        }
        showPopup('success', `Saved the marks of ${done.rows_written} students`);
      }
      setFile(null);
      if (input.current) input.current.value = '';
      await load();
    } catch (e) {
      if (e instanceof ApiError) setServerErrors(e.rows);
    }
  };
  const edit = (id: string, patch: Partial<GridRow>) => {
    setGrid((g) => ({ ...g, [id]: { ...g[id], ...patch } }));
    setDirty((d) => new Set(d).add(id));
  };
  // The changed rows, checked with the file reader's rules; `cells` names each error's student and question.
  const gridCheck = useMemo(() => {
    if (!sheet || !dirty.size) return null;
    const table = gridTable(sheet, grid, [...dirty]);
    const read = readMarksTable(table, sheet.questions, sheet.students);
    const roll = (e: RowError) => table[e.row - 1]?.[0] ?? '';
    const id = new Map(sheet.students.map((s) => [s.roll_no, s.id]));
    return { ...read, roll, cells: new Set(read.errors.map((e) => `${id.get(roll(e)) ?? ''}:${e.field}`)) };
  }, [sheet, grid, dirty]);
  const saveGrid = async () => {
    if (!sheet || !gridCheck || gridCheck.errors.length) return;
    try {
      const r = await api<{ message: string }>('PUT', `/api/marks/${occasionId}`, { version: sheet.version, rows: gridCheck.rows });
      showPopup('success', r.message);
      await load();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) showPopup('error', 'Someone saved these marks in the meantime: reload to see theirs, then enter yours again');
    }
  };
  if (!sheet) return <p className="hint">Loading the marks sheet…</p>;
  const shown = sheet.students.filter((s) => !search || `${s.roll_no} ${s.name}`.toLowerCase().includes(search.toLowerCase())).slice(0, 200);
  const withMarks = sheet.rows.length;
  const attainmentLink = `/attainment/co-attainment?curriculum=${sheet.course.curriculum ?? ''}&term=${sheet.course.term ?? ''}&course=${sheet.course.id}`;
  return (
    <section className="marks-sheet">
      <div className="page-head">
        <h2>
          Marks: {sheet.occasion.name} · {sheet.course.code} {sheet.course.title}
        </h2>
        <Link to={back}>Back to the list</Link>
      </div>
      <p className="hint">
        {sheet.occasion.kind}, total {sheet.occasion.total_marks} marks, {sheet.questions.length} questions, {sheet.students.length} students on the roster
        {sheet.occasion.section ? ` of section ${sheet.occasion.section}` : ''}; {withMarks} with marks.{' '}
        {sheet.updated_at ? `Last saved by ${sheet.updated_by} on ${new Date(sheet.updated_at).toLocaleString()}.` : ''} <Link to={attainmentLink}>See CO attainment</Link>
      </p>
      {!sheet.students.length ? <p className="not-built">No students on this roster yet: load them under Attainment &gt; Students.</p> : null}
      <fieldset className="marks-file">
        <legend>Marks file</legend>
        <div className="page-tools">
          <Button label="Template (CSV)" icon="pi pi-download" outlined onClick={() => void downloadCsv(baseName, template())} />
          <Button label="Template (XLSX)" icon="pi pi-file-excel" outlined onClick={() => void downloadXlsx(baseName, template().map((r, i) => (i === 1 ? r.map((c, j) => (j > 1 ? Number(c) : c)) : r)))} />
          {sheet.rows.length ? <Button label="Entered marks (CSV)" icon="pi pi-download" text onClick={() => void downloadCsv(`${baseName}-entered`, template(true))} /> : null}
          <label className="p-button p-button-outlined file-pick">
            <i className="pi pi-upload" aria-hidden /> Choose filled file
            <input ref={input} type="file" accept=".csv,.xlsx,text/csv" aria-label="Marks file (CSV or XLSX)" onChange={(e) => void pick(e.target.files?.[0])} />
          </label>
        </div>
        <p className="hint">Fill one row per student: marks up to each question's maximum (2 decimals at most), blank for not answered, {ABSENT_MARK} for absent. The max_marks and co rows may stay.</p>
        {file ? (
          <div className="preview" data-testid="marks-preview">
            <p>
              <strong>{file.name}</strong>: {file.read.rows.length} students, {file.read.rows.filter((r) => r.absent).length} absent.
              {file.read.notes.map((n) => ` ${n}.`)}
            </p>
            <RowErrors errors={file.read.errors} />
            {!file.read.errors.length ? (
              <>
                <table className="result-table" aria-label="Preview of the file">
                  <thead>
                    <tr>
                      <th>Roll number</th>
                      {sheet.questions.map((q) => (
                        <th key={q.number}>
                          {q.number} ({q.co_code}, /{q.max_marks})
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {file.read.rows.slice(0, 5).map((r) => (
                      <tr key={r.student}>
                        <th scope="row">{sheet.students.find((s) => s.id === r.student)?.roll_no}</th>
                        {sheet.questions.map((q) => (
                          <td key={q.number}>{r.absent ? ABSENT_MARK : (r.marks[q.number] ?? '')}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="hint">Showing {Math.min(5, file.read.rows.length)} of {file.read.rows.length} rows. Nothing is saved until you press Save.</p>
                <Button label={`Save marks of ${file.read.rows.length} students`} icon="pi pi-check" onClick={() => void saveFile()} />
              </>
            ) : null}
          </div>
        ) : null}
        {job ? (
          <div className="job" aria-live="polite">
            <p>
              Import {job.status}: {job.rows_written} of {job.rows_total || '…'} students written
            </p>
            <ProgressBar value={job.rows_total ? Math.round((job.rows_written / job.rows_total) * 100) : 0} />
          </div>
        ) : null}
        <RowErrors errors={serverErrors} />
      </fieldset>
      <div className="page-head">
        <h3>Enter or correct marks</h3>
        <div className="page-tools">
          <InputText placeholder="Find a student" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Find a student" />
          <Button label={dirty.size ? `Save ${dirty.size} changed` : 'Save changes'} icon="pi pi-check" disabled={!dirty.size || Boolean(gridCheck?.errors.length)} onClick={() => void saveGrid()} />
        </div>
      </div>
      {gridCheck?.errors.length ? <RowErrors errors={gridCheck.errors} where={gridCheck.roll} /> : null}
      <div className="matrix-scroll">
        <table className="marks-grid" aria-label="Marks grid">
          <thead>
            <tr>
              <th scope="col">Roll number</th>
              <th scope="col">Name</th>
              <th scope="col">Absent</th>
              {sheet.questions.map((q) => (
                <th key={q.number} scope="col">
                  {q.number}
                  <br />
                  <small>
                    {q.co_code} · /{q.max_marks}
                  </small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.id} className={dirty.has(s.id) ? 'dirty' : undefined}>
                <th scope="row">{s.roll_no}</th>
                <td>{s.name}</td>
                <td>
                  <input type="checkbox" aria-label={`${s.roll_no} absent`} checked={grid[s.id]?.absent ?? false} onChange={(e) => edit(s.id, { absent: e.target.checked })} />
                </td>
                {sheet.questions.map((q) => (
                  <td key={q.number}>
                    <input
                      className={`mark${gridCheck?.cells.has(`${s.id}:${q.number}`) ? ' invalid' : ''}`}
                      inputMode="decimal"
                      aria-label={`${s.roll_no} question ${q.number}`}
                      disabled={grid[s.id]?.absent}
                      value={grid[s.id]?.marks[q.number] ?? ''}
                      onChange={(e) => edit(s.id, { marks: { ...grid[s.id].marks, [q.number]: e.target.value.trim() } })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sheet.students.length > shown.length ? <p className="hint">Showing {shown.length} of {sheet.students.length} students: find one by roll number or name.</p> : null}
    </section>
  );
}
