import { ABSENT_MARK, type MarksSheetView, type SheetState, marksCountText, marksCounts, marksTemplate } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { HistoryButton } from '../../components/entity/history-button';
import { type GridRow, type MarksFile, useMarksFile, useMarksGrid, useMarksSheet } from './marks-sheet-state';
import { downloadCsv, downloadXlsx } from '../../components/table/table-export';
import { marksXlsxLayout, marksXlsxRows } from './marks-xlsx';
import { RowErrors } from './row-errors';
import { FilePick } from '../../components/files/file-pick';
import { ForeignMarksImport } from './foreign-marks-import';
import { hrefWith } from '../../app/navigation';
import { formatDateTime, useLocale } from '../../lib/format/locale';

/** Students shown in the grid at most (find others by roll number or name). */
const GRID_ROWS = 200;

/**
 * Marks of one occasion: download the template (CSV or XLSX: students x questions with each question's maximum
 * marks and CO), upload a filled file (checked in the browser with the server's own rules and previewed before
 * anything is saved; large files go browser -> S3 -> the import worker with progress), import another system's export
 * by a column mapping (`ForeignMarksImport`), and a grid to enter or correct marks (`AB` = absent).
 */
export function MarksSheetPage({ occasionId, back }: { occasionId: string; back: string }) {
  const locale = useLocale();
  const { sheet, saved, problem } = useMarksSheet(occasionId);
  const files = useMarksFile(sheet, occasionId, saved);
  const grid = useMarksGrid(sheet, occasionId, saved);
  const [search, setSearch] = useState('');
  if (!sheet)
    return problem ? (
      <section className="marks-sheet">
        <p className="field-error" role="alert">
          {problem}
        </p>
        <Link to={back}>Back to the list</Link>
      </section>
    ) : (
      <p className="hint">Loading the marks sheet…</p>
    );
  const shown = sheet.students
    .filter((s) => !search || `${s.roll_no} ${s.name}`.toLowerCase().includes(search.toLowerCase()))
    .slice(0, GRID_ROWS);
  const absent = sheet.rows.filter((r) => r.absent).length;
  const withMarks = sheet.rows.length - absent;
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
        {sheet.occasion.section ? ` of section ${sheet.occasion.section}` : ''}; {withMarks} with marks
        {absent ? `, ${absent} absent` : ''}.{' '}
        {sheet.updated_at ? `Last saved by ${sheet.updated_by} on ${formatDateTime(sheet.updated_at, locale)}.` : ''}{' '}
        <Link to={attainmentLink}>See CO attainment</Link>
      </p>
      <SaveStateNotice state={sheet.state} />
      {!sheet.students.length ? (
        <p className="not-built">
          No students on this roster yet:{' '}
          <Link to={hrefWith('/attainment/students', { curriculum: sheet.course.curriculum, section: sheet.occasion.section })}>
            load them under Attainment &gt; Students
          </Link>
          .
        </p>
      ) : null}
      <MarksFilePanel sheet={sheet} files={files} />
      <ForeignMarksImport sheet={sheet} occasionId={occasionId} saved={saved} />
      <MarksGrid sheet={sheet} grid={grid} shown={shown} search={search} onSearch={setSearch} />
      {sheet.students.length > shown.length ? (
        <p className="hint">
          Showing {shown.length} of {sheet.students.length} students: find one by roll number or name.
        </p>
      ) : null}
    </section>
  );
}

/** Says when the last save of the marks is still under way, or stopped half-way (`SheetState`); nothing when saved. */
function SaveStateNotice({ state }: { state: SheetState }) {
  return state === 'saving' ? (
    <p className="not-built" role="status">
      A save of these marks is under way: wait for it to finish before saving again (reload to see it).
    </p>
  ) : state === 'undone' ? (
    <p className="not-built" role="status">
      The last save of these marks stopped before it finished and was undone: the marks are as they were before it. Save or upload them
      again.
    </p>
  ) : state === 'interrupted' ? (
    <p className="not-built" role="alert">
      The last save of these marks did not finish, so some students may still have older marks. Upload the file again (or correct the grid)
      to complete it; attainment pages say so until then.
    </p>
  ) : null;
}

/**
 * The marks file: template downloads (CSV, XLSX, the entered marks), the file picker, the checked file's preview with
 * its Save, the import job's progress and the row problems the server reported.
 */
function MarksFilePanel({ sheet, files }: { sheet: MarksSheetView; files: ReturnType<typeof useMarksFile> }) {
  const { file, pick, saveFile, job, serverErrors, input } = files;
  const baseName = `${sheet.course.code ?? 'course'}-${sheet.occasion.name}-marks`;
  const template = (filled = false) =>
    marksTemplate(sheet.questions, sheet.students, filled ? new Map(sheet.rows.map((r) => [r.student, r])) : undefined);
  return (
    <fieldset className="marks-file">
      <legend>Marks file</legend>
      <div className="page-tools">
        <Button label="Template (CSV)" icon="pi pi-download" outlined onClick={() => void downloadCsv(baseName, template())} />
        <Button
          label="Template (XLSX)"
          icon="pi pi-file-excel"
          outlined
          onClick={() => void downloadXlsx(baseName, marksXlsxRows(template()), marksXlsxLayout(sheet))}
        />
        {sheet.rows.length ? (
          <>
            <Button
              label="Entered marks (CSV)"
              icon="pi pi-download"
              text
              onClick={() => void downloadCsv(`${baseName}-entered`, template(true))}
            />
            <Button
              label="Entered marks (XLSX)"
              icon="pi pi-file-excel"
              text
              onClick={() => void downloadXlsx(`${baseName}-entered`, marksXlsxRows(template(true)), marksXlsxLayout(sheet))}
            />
          </>
        ) : null}
        <FilePick
          label="Choose filled file"
          ariaLabel="Marks file (CSV or XLSX)"
          accept=".csv,.xlsx,text/csv"
          inputRef={input}
          onPick={(f) => void pick(f)}
        />
      </div>
      <p className="hint">
        Fill one row per student: marks up to each question's maximum (2 decimals at most), blank for not answered, {ABSENT_MARK} for
        absent. A row left wholly blank changes nothing: marks already saved for that student stay, and a student without any stays
        uncounted. The max_marks and co rows may stay.
      </p>
      {file ? <FilePreview sheet={sheet} file={file} failed={job?.status === 'failed'} onSave={saveFile} /> : null}
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
  );
}

/** The first rows of a checked file, or its problems; Save sends it (`failed`: the last import of it failed). */
function FilePreview({ sheet, file, failed, onSave }: { sheet: MarksSheetView; file: MarksFile; failed: boolean; onSave: () => void }) {
  return (
    <div className="preview" data-testid="marks-preview">
      <p>
        <strong>{file.name}</strong>: {marksCountText(marksCounts(file.read))}.{file.read.notes.map((n) => ` ${n}.`)}
      </p>
      <RowErrors errors={file.read.errors} />
      {!file.read.errors.length && !file.read.rows.length ? (
        <p className="hint" role="alert">
          No row of the file has marks: there is nothing to save.
        </p>
      ) : null}
      {!file.read.errors.length && file.read.rows.length ? (
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
            label={`${failed ? 'Try again: save' : 'Save'} marks of ${file.read.rows.length} students`}
            icon={failed ? 'pi pi-refresh' : 'pi pi-check'}
            onClick={onSave}
          />
        </>
      ) : null}
    </div>
  );
}

/** The grid to enter or correct marks: a search, Save of the changed rows, their problems, and a row per student shown. */
function MarksGrid(props: {
  sheet: MarksSheetView;
  grid: ReturnType<typeof useMarksGrid>;
  shown: MarksSheetView['students'];
  search: string;
  onSearch: (text: string) => void;
}) {
  const { sheet, shown, search } = props;
  const { grid, dirty, edit, check, save } = props.grid;
  return (
    <>
      <div className="page-head">
        <h3>Enter or correct marks</h3>
        <div className="page-tools">
          <InputText
            placeholder="Find a student"
            value={search}
            onChange={(e) => props.onSearch(e.target.value)}
            aria-label="Find a student"
          />
          <Button
            label={dirty.size ? `Save ${dirty.size} changed` : 'Save changes'}
            icon="pi pi-check"
            disabled={!dirty.size || Boolean(check?.errors.length)}
            onClick={save}
          />
        </div>
      </div>
      {check?.errors.length ? <RowErrors errors={check.errors} where={check.roll} /> : null}
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
              <MarksGridRow
                key={s.id}
                student={s}
                questions={sheet.questions}
                row={grid[s.id]}
                dirty={dirty.has(s.id)}
                invalid={(q) => Boolean(check?.cells.has(`${s.id}:${q}`))}
                onEdit={(patch) => edit(s.id, patch)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * One student's row of the grid: roll number, name, absent, and a mark per question (`invalid(question)`: the file
 * reader's rules refuse that cell). `row` is undefined until the sheet's rows are copied into the grid.
 */
function MarksGridRow(props: {
  student: MarksSheetView['students'][number];
  questions: MarksSheetView['questions'];
  row: GridRow | undefined;
  dirty: boolean;
  invalid: (question: string) => boolean;
  onEdit: (patch: Partial<GridRow>) => void;
}) {
  const { student: s, row } = props;
  return (
    <tr className={props.dirty ? 'dirty' : undefined}>
      <th scope="row">{s.roll_no}</th>
      <td className="student-name">{s.name}</td>
      <td data-label="Absent">
        <input
          type="checkbox"
          aria-label={`${s.roll_no} absent`}
          checked={row?.absent ?? false}
          onChange={(e) => props.onEdit({ absent: e.target.checked })}
        />
      </td>
      {props.questions.map((q) => (
        // On a phone each student is a card of labelled marks (`data-label`), so a whole row is entered without scrolling.
        <td key={q.number} data-label={`Q${q.number} /${q.max_marks}`}>
          <input
            className={`mark${props.invalid(q.number) ? ' invalid' : ''}`}
            inputMode="decimal"
            aria-label={`${s.roll_no} question ${q.number}`}
            disabled={row?.absent}
            value={row?.marks[q.number] ?? ''}
            // The row may not be in the grid yet (typed before the sheet's rows were copied in).
            onChange={(e) => props.onEdit({ marks: { ...row?.marks, [q.number]: e.target.value.trim() } })}
          />
        </td>
      ))}
    </tr>
  );
}
