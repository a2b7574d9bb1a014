import {
  ABSENT_MARK,
  type ImportJob,
  type ItemResponse,
  MAX_DIRECT_MARKS_ROWS,
  type MarksSaveResult,
  type MarksSheetView,
  type MarksTable,
  type MarksUploadTicket,
  type RowError,
  marksTemplate,
  readMarksTable,
  formatCsv,
  errorMessage,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { HistoryButton } from '../entity/history-button';
import { sendToStorage } from '../files/upload-file';
import { DOCUMENT_PATHS, qk } from '../app/query-keys';
import { showPopup } from '../app/state';
import { downloadCsv, downloadXlsx, readCsv, readXlsx } from '../table/table-export';
import { hrefWith } from '../app/navigation';
import { formatDateTime, useLocale } from '../format/locale';

type Sheet = MarksSheetView;

/** How often a large file's import job is asked about, in ms. */
const JOB_POLL_MS = 700;
const finishedJob = (j: ImportJob | undefined) => j?.status === 'done' || j?.status === 'failed';

/** Files up to this size (bytes) and `MAX_DIRECT_MARKS_ROWS` rows go in one request; bigger ones through S3. */
const DIRECT_BYTES = 200 * 1024;

type Cell = string;
type GridRow = { absent: boolean; marks: Record<string, Cell> };

const toGrid = (sheet: Sheet): Record<string, GridRow> => {
  const by = new Map(sheet.rows.map((r) => [r.student, r]));
  return Object.fromEntries(
    sheet.students.map((s) => {
      const r = by.get(s.id);
      return [
        s.id,
        {
          absent: Boolean(r?.absent),
          marks: Object.fromEntries(sheet.questions.map((q) => [q.number, r?.marks[q.number] == null ? '' : String(r.marks[q.number])])),
        },
      ];
    }),
  );
};

/** Rows of cells in the template's layout for the grid's changed students (so one reader checks both). */
const gridTable = (sheet: Sheet, grid: Record<string, GridRow>, ids: string[]) => {
  const roll = new Map(sheet.students.map((s) => [s.id, s.roll_no]));
  return [
    ['roll_no', ...sheet.questions.map((q) => q.number)],
    ...ids.map((id) => [roll.get(id) ?? '', ...sheet.questions.map((q) => (grid[id].absent ? ABSENT_MARK : grid[id].marks[q.number]))]),
  ];
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
  const locale = useLocale();
  const sheetKey = qk.record(DOCUMENT_PATHS.marks, occasionId);
  const sheet =
    useQuery({
      queryKey: sheetKey,
      queryFn: async () => (await api<ItemResponse<Sheet>>('GET', `${DOCUMENT_PATHS.marks}/${occasionId}`)).data,
    }).data ?? null;
  const [grid, setGrid] = useState<Record<string, GridRow>>({});
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [file, setFile] = useState<{ name: string; table: string[][]; bytes: number; read: MarksTable } | null>(null);
  const [serverErrors, setServerErrors] = useState<RowError[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The grid starts from the sheet read (again after every save, which reads the sheet anew).
  useEffect(() => {
    if (!sheet) return;
    setGrid(toGrid(sheet));
    setDirty(new Set());
  }, [sheet]);
  const queryClient = useQueryClient();
  /** After marks are saved: the sheet is read again and every attainment view is stale. */
  const saved = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: qk.record(DOCUMENT_PATHS.marks, occasionId) });
    void queryClient.invalidateQueries({ queryKey: qk.attainment() });
  }, [queryClient, occasionId]);

  // A large file's import job, asked about every JOB_POLL_MS until it is done or failed.
  const job =
    useQuery({
      queryKey: qk.importJob(jobId ?? ''),
      queryFn: async () => (await api<ItemResponse<ImportJob>>('GET', `/api/import-job/${jobId}`, undefined, { quiet: true })).data,
      enabled: Boolean(jobId),
      refetchInterval: (q) => (finishedJob(q.state.data) ? false : JOB_POLL_MS),
    }).data ?? null;
  // A job's end is reported once, when its status first reads finished.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !finishedJob(job) || reported.current === `${job.id}:${job.status}`) return;
    reported.current = `${job.id}:${job.status}`;
    if (job.status === 'failed') {
      setServerErrors(job.errors);
      showPopup('error', job.detail ?? 'The import failed');
      return;
    }
    showPopup('success', `Saved the marks of ${job.rows_written} students`);
    setFile(null);
    if (input.current) input.current.value = '';
    saved();
  }, [job, saved]);

  const baseName = sheet ? `${sheet.course.code ?? 'course'}-${sheet.occasion.name}-marks` : 'marks';
  const template = (filled = false) =>
    sheet ? marksTemplate(sheet.questions, sheet.students, filled ? new Map(sheet.rows.map((r) => [r.student, r])) : undefined) : [];
  const pick = async (f: File | undefined) => {
    setServerErrors([]);
    setJobId(null);
    if (!f || !sheet) return setFile(null);
    let table: string[][];
    try {
      table = /\.xlsx$/i.test(f.name) ? await readXlsx(f) : await readCsv(f);
    } catch (e) {
      // A file that cannot be read says why, and the page stays as it was.
      showPopup('error', errorMessage(e));
      if (input.current) input.current.value = '';
      return;
    }
    setFile({ name: f.name, table, bytes: f.size, read: readMarksTable(table, sheet.questions, sheet.students) });
  };
  /** Sends a checked file: small ones in one request, large ones to S3 for the import worker (then the job is polled). */
  const upload = useMutation({
    mutationFn: async (f: NonNullable<typeof file>) => {
      // Cells a spreadsheet would run as formulas go neutralized; the server restores them (formula-cells.ts).
      const csv = formatCsv(f.table);
      if (f.bytes <= DIRECT_BYTES && f.read.rows.length <= MAX_DIRECT_MARKS_ROWS) {
        return api<ItemResponse<MarksSaveResult>>('POST', `${DOCUMENT_PATHS.marks}/${occasionId}/upload`, csv, { contentType: 'text/csv' });
      }
      const open = await api<ItemResponse<MarksUploadTicket>>('POST', `${DOCUMENT_PATHS.marks}/${occasionId}/upload-url`, {
        file_name: f.name,
      });
      queryClient.setQueryData(qk.importJob(open.data.job.id), open.data.job);
      setJobId(open.data.job.id);
      try {
        await sendToStorage(open.data.upload, new Blob([csv], { type: 'text/csv' }), f.name.replace(/\.xlsx$/i, '.csv'));
      } catch (e) {
        if (e instanceof ApiError) showPopup('error', e.detail);
        throw e;
      }
      return null;
    },
    onMutate: () => setServerErrors([]),
    onSuccess: (r) => {
      // A large file ends with its job (see above).
      if (!r) return;
      showPopup('success', r.message ?? `Saved the marks of ${r.data.rows} students`);
      setFile(null);
      if (input.current) input.current.value = '';
      saved();
    },
    onError: (e) => {
      if (e instanceof ApiError) setServerErrors(e.rows);
    },
  });
  const saveFile = () => {
    if (file && sheet) upload.mutate(file);
  };
  const edit = (id: string, patch: Partial<GridRow>) => {
    setGrid((g) => ({ ...g, [id]: { ...((g[id] as GridRow | undefined) ?? { absent: false, marks: {} }), ...patch } }));
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
  const gridSave = useMutation({
    mutationFn: (body: { version: number; rows: MarksTable['rows'] }) =>
      api<ItemResponse<MarksSaveResult>>('PUT', `${DOCUMENT_PATHS.marks}/${occasionId}`, body),
    onSuccess: (r) => {
      showPopup('success', r.message ?? 'successfully updated');
      saved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409)
        showPopup('error', 'Someone saved these marks in the meantime: reload to see theirs, then enter yours again');
    },
  });
  const saveGrid = () => {
    if (!sheet || !gridCheck || gridCheck.errors.length) return;
    gridSave.mutate({ version: sheet.version, rows: gridCheck.rows });
  };
  if (!sheet) return <p className="hint">Loading the marks sheet…</p>;
  const shown = sheet.students
    .filter((s) => !search || `${s.roll_no} ${s.name}`.toLowerCase().includes(search.toLowerCase()))
    .slice(0, 200);
  const withMarks = sheet.rows.length;
  const attainmentLink = `/attainment/co-attainment?curriculum=${sheet.course.curriculum ?? ''}&term=${sheet.course.term ?? ''}&course=${sheet.course.id}`;
  return (
    <section className="marks-sheet">
      <div className="page-head">
        <h2>
          Marks: {sheet.occasion.name} · {sheet.course.code} {sheet.course.title}
        </h2>
        <span className="page-tools">
          <HistoryButton entity="marks" id={occasionId} title={`marks of ${sheet.occasion.name}`} label="History" />
          <Link to={back}>Back to the list</Link>
        </span>
      </div>
      <p className="hint">
        {sheet.occasion.kind}, total {sheet.occasion.total_marks} marks, {sheet.questions.length} questions, {sheet.students.length}{' '}
        students on the roster
        {sheet.occasion.section ? ` of section ${sheet.occasion.section}` : ''}; {withMarks} with marks.{' '}
        {sheet.updated_at ? `Last saved by ${sheet.updated_by} on ${formatDateTime(sheet.updated_at, locale)}.` : ''}{' '}
        <Link to={attainmentLink}>See CO attainment</Link>
      </p>
      {sheet.state === 'saving' ? (
        <p className="not-built" role="status">
          A save of these marks is under way: wait for it to finish before saving again (reload to see it).
        </p>
      ) : sheet.state === 'interrupted' ? (
        <p className="not-built" role="alert">
          The last save of these marks did not finish, so some students may still have older marks. Upload the file again (or correct the
          grid) to complete it; attainment pages say so until then.
        </p>
      ) : null}
      {!sheet.students.length ? (
        <p className="not-built">
          No students on this roster yet:{' '}
          <Link to={hrefWith('/attainment/students', { curriculum: sheet.course.curriculum, section: sheet.occasion.section })}>
            load them under Attainment &gt; Students
          </Link>
          .
        </p>
      ) : null}
      <fieldset className="marks-file">
        <legend>Marks file</legend>
        <div className="page-tools">
          <Button label="Template (CSV)" icon="pi pi-download" outlined onClick={() => void downloadCsv(baseName, template())} />
          <Button
            label="Template (XLSX)"
            icon="pi pi-file-excel"
            outlined
            onClick={() =>
              void downloadXlsx(
                baseName,
                template().map((r, i) => (i === 1 ? r.map((c, j) => (j > 1 ? Number(c) : c)) : r)),
              )
            }
          />
          {sheet.rows.length ? (
            <Button
              label="Entered marks (CSV)"
              icon="pi pi-download"
              text
              onClick={() => void downloadCsv(`${baseName}-entered`, template(true))}
            />
          ) : null}
          <label className="p-button p-button-outlined file-pick">
            <i className="pi pi-upload" aria-hidden /> Choose filled file
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv"
              aria-label="Marks file (CSV or XLSX)"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </label>
        </div>
        <p className="hint">
          Fill one row per student: marks up to each question's maximum (2 decimals at most), blank for not answered, {ABSENT_MARK} for
          absent. The max_marks and co rows may stay.
        </p>
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
                <p className="hint">
                  Showing {Math.min(5, file.read.rows.length)} of {file.read.rows.length} rows. Nothing is saved until you press Save.
                </p>
                <Button
                  label={`${job?.status === 'failed' ? 'Try again: save' : 'Save'} marks of ${file.read.rows.length} students`}
                  icon={job?.status === 'failed' ? 'pi pi-refresh' : 'pi pi-check'}
                  onClick={saveFile}
                />
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
          <Button
            label={dirty.size ? `Save ${dirty.size} changed` : 'Save changes'}
            icon="pi pi-check"
            disabled={!dirty.size || Boolean(gridCheck?.errors.length)}
            onClick={saveGrid}
          />
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
                  <input
                    type="checkbox"
                    aria-label={`${s.roll_no} absent`}
                    checked={grid[s.id]?.absent ?? false}
                    onChange={(e) => edit(s.id, { absent: e.target.checked })}
                  />
                </td>
                {sheet.questions.map((q) => (
                  <td key={q.number}>
                    <input
                      className={`mark${gridCheck?.cells.has(`${s.id}:${q.number}`) ? ' invalid' : ''}`}
                      inputMode="decimal"
                      aria-label={`${s.roll_no} question ${q.number}`}
                      disabled={grid[s.id]?.absent}
                      value={grid[s.id]?.marks[q.number] ?? ''}
                      // The row may not be in the grid yet (typed before the sheet's rows were copied in).
                      onChange={(e) => edit(s.id, { marks: { ...grid[s.id]?.marks, [q.number]: e.target.value.trim() } })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sheet.students.length > shown.length ? (
        <p className="hint">
          Showing {shown.length} of {sheet.students.length} students: find one by roll number or name.
        </p>
      ) : null}
    </section>
  );
}
