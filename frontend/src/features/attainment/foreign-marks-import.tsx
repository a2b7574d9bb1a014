import {
  ATTEMPT_RULES,
  type AttemptRule,
  type MappedMarksResult,
  type MarksMapping,
  type MarksSheetView,
  type RowError,
  STUDENT_MATCHES,
  type StudentMatch,
  MAX_BODY_BYTES,
  columnsUsed,
  errorMessage,
  fileSize,
  importMappedMarksRoute,
  marksMappingSchema,
  marksMappingRoute,
  suggestMapping,
} from '@attain/shared-types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { readCsv, readXlsx } from '../../components/table/table-export';
import { RowErrors } from './row-errors';
import { FilePick } from '../../components/files/file-pick';

/** How each choice reads on screen. */
const MATCH_LABELS: Record<StudentMatch, string> = { roll_no: 'Roll number (or ID number)', email: 'E-mail' };
const ATTEMPT_LABELS: Record<AttemptRule, string> = {
  highest: 'The highest total',
  last: 'The last in the file',
  first: 'The first in the file',
};

/** The file as read in the browser: its name and its cells by row. */
type ForeignFile = { name: string; rows: string[][] };

/** One question's column as the form holds it: '' for "not from this file"; `out_of` as typed. */
type QuestionChoice = { column: string; out_of: string };

/** The form's state: the mapping as typed, before it is checked. */
interface MappingForm {
  header_row: number;
  student_column: string;
  match: StudentMatch;
  attempt: AttemptRule;
  questions: Record<string, QuestionChoice>;
}

/**
 * The form a mapping starts from: the one kept from the occasion's last import when this file has its columns, else
 * the one suggested from the file's header (`suggestMapping`), else the first row as the header with nothing mapped.
 */
function startingForm(file: ForeignFile, sheet: MarksSheetView, kept: MarksMapping | null | undefined): MappingForm {
  const fits = (m: MarksMapping) => {
    const header = file.rows[m.header_row]?.map((c) => c.trim()) ?? [];
    return header.includes(m.student_column) && m.questions.every((q) => header.includes(q.column));
  };
  const suggested = suggestMapping(file.rows, sheet.questions);
  const m = kept && fits(kept) ? kept : suggested;
  const questions: Record<string, QuestionChoice> = {};
  for (const q of sheet.questions) {
    const chosen = m?.questions.find((x) => x.question === q.number);
    questions[q.number] = { column: chosen?.column ?? '', out_of: String(chosen?.out_of ?? q.max_marks) };
  }
  return {
    header_row: m?.header_row ?? 0,
    student_column: m?.student_column ?? '',
    match: m?.match ?? 'roll_no',
    attempt: m?.attempt ?? 'highest',
    questions,
  };
}

/** The mapping the form says, as the route takes it (questions left "not from this file" out). */
function mappingOf(form: MappingForm): MarksMapping {
  return {
    header_row: form.header_row,
    student_column: form.student_column,
    match: form.match,
    attempt: form.attempt,
    questions: Object.entries(form.questions)
      .filter(([, c]) => c.column)
      // A decimal comma as typed where the locale writes one (2,5).
      .map(([question, c]) => ({ question, column: c.column, out_of: Number(c.out_of.trim().replace(',', '.')) })),
  };
}

/**
 * Marks from a file another system wrote (Moodle's quiz Grades report or gradebook, Google Classroom, any sheet with a
 * roll-number column): the teacher picks the file (CSV or XLSX, read in the browser), confirms which column names the
 * student, how rows are matched, which attempt counts and which column fills each question (suggested from the
 * header's names and maxima, or the mapping kept from the last import), previews (every row matching nobody and every
 * scaling stated) and saves through `POST /api/marks/{occasion}/import`.
 * @param saved called once the marks are stored
 */
export function ForeignMarksImport({ sheet, occasionId, saved }: { sheet: MarksSheetView; occasionId: string; saved: () => void }) {
  const [file, setFile] = useState<ForeignFile | null>(null);
  const [form, setForm] = useState<MappingForm | null>(null);
  const [preview, setPreview] = useState<MappedMarksResult | null>(null);
  const [problems, setProblems] = useState<{ detail: string; fields: Record<string, string>; rows: RowError[] } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const kept = useQuery({
    queryKey: qk.marksMapping(occasionId),
    queryFn: async () => (await call(marksMappingRoute, { params: { occasion: occasionId } })).data,
  });
  const send = useMutation({
    mutationFn: async (dryRun: boolean) => {
      const mapping = mappingOf(form!);
      // Checked here with the server's own rules first, so a slip shows beside its field at once.
      const checked = marksMappingSchema.safeParse(mapping);
      if (!checked.success)
        throw new ApiError(
          400,
          'Check the mapping: nothing was sent',
          Object.fromEntries(checked.error.issues.map((i) => [`mapping.${i.path.join('.')}`, i.message])),
        );
      // Only the columns the mapping reads go, every row kept (line numbers stay the file's).
      const body = { rows: columnsUsed(file?.rows ?? [], mapping), mapping };
      const bytes = new Blob([JSON.stringify(body)]).size;
      if (bytes > MAX_BODY_BYTES)
        throw new ApiError(
          413,
          `The columns this mapping reads come to ${fileSize(bytes)}, more than ${fileSize(MAX_BODY_BYTES)} at once: ` +
            'split the file, or fill the marks template instead (it takes files of any size)',
        );
      return call(importMappedMarksRoute, { params: { occasion: occasionId }, query: dryRun ? { dry_run: 'true' } : {}, body });
    },
    onMutate: () => setProblems(null),
    onSuccess: (res, dryRun) => {
      if (dryRun) return setPreview(res.data);
      showPopup('success', res.message ?? 'Saved');
      setFile(null);
      setForm(null);
      setPreview(null);
      if (input.current) input.current.value = '';
      void kept.refetch();
      saved();
    },
    onError: (e) => {
      setPreview(null);
      if (e instanceof ApiError) setProblems({ detail: e.detail, fields: e.fields, rows: e.rows });
      else setProblems({ detail: errorMessage(e), fields: {}, rows: [] });
    },
  });
  const pick = async (f: File | undefined) => {
    setPreview(null);
    setProblems(null);
    if (!f) return setFile(null);
    try {
      const rows = /\.xlsx$/i.test(f.name) ? await readXlsx(f) : await readCsv(f);
      if (rows.length < 2) throw new Error(`${f.name} has no rows of marks`);
      const read = { name: f.name, rows };
      setFile(read);
      setForm(startingForm(read, sheet, kept.data?.mapping));
    } catch (e) {
      // A file that cannot be read (another format, a damaged sheet) says why, and nothing changes.
      showPopup('error', errorMessage(e));
      if (input.current) input.current.value = '';
    }
  };
  const header = file && form ? (file.rows[form.header_row] ?? []).map((c) => c.trim()).filter(Boolean) : [];
  const change = (patch: Partial<MappingForm>) => {
    setPreview(null);
    setForm((f) => (f ? { ...f, ...patch } : f));
  };
  const fieldError = (key: string) => problems?.fields[`mapping.${key}`];
  return (
    <fieldset className="marks-file foreign-marks">
      <legend>Marks from Moodle or another system</legend>
      <p className="hint">
        A Moodle quiz&apos;s Grades report (with marks for each question), a gradebook or Google Classroom export, or any sheet with a
        roll-number column, as CSV or XLSX. Attain suggests which column fills each question; check it, preview, then save. A row without
        marks changes nothing, as in the template.
      </p>
      <FilePick
        label="Choose export"
        ariaLabel="Export from another system (CSV or XLSX)"
        accept=".csv,.xlsx,text/csv"
        inputRef={input}
        onPick={(f) => void pick(f)}
      />
      {file && form ? (
        <div className="mapping-form">
          <p>
            <strong>{file.name}</strong>: {file.rows.length} rows.{' '}
            {kept.data?.mapping && form.student_column === kept.data.mapping.student_column
              ? 'The mapping of the last import is filled in.'
              : ''}
          </p>
          <div className="mapping-grid">
            <label htmlFor="header-row">Column names are in row</label>
            <select
              id="header-row"
              className="p-inputtext"
              value={form.header_row}
              onChange={(e) => {
                // Another header row has other columns: the choices start again from it.
                const header_row = Number(e.target.value);
                const rows = file.rows.slice(header_row);
                const fresh = startingForm({ ...file, rows }, sheet, kept.data?.mapping);
                change({ ...fresh, header_row });
              }}
            >
              {file.rows.slice(0, 10).map((r, i) => (
                <option key={i} value={i}>
                  {i + 1}: {r.slice(0, 3).join(', ').slice(0, 40)}
                </option>
              ))}
            </select>
            <label htmlFor="student-column">Student column</label>
            <select
              id="student-column"
              className="p-inputtext"
              value={form.student_column}
              aria-invalid={Boolean(fieldError('student_column'))}
              aria-describedby={fieldError('student_column') ? 'student-column-error' : undefined}
              onChange={(e) => change({ student_column: e.target.value })}
            >
              <option value="">Choose a column</option>
              {header.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
            {fieldError('student_column') ? (
              <small id="student-column-error" className="field-error">
                {fieldError('student_column')}
              </small>
            ) : null}
            <label htmlFor="match">It holds each student&apos;s</label>
            <select
              id="match"
              className="p-inputtext"
              value={form.match}
              onChange={(e) => change({ match: e.target.value as StudentMatch })}
            >
              {STUDENT_MATCHES.map((m) => (
                <option key={m} value={m}>
                  {MATCH_LABELS[m]}
                </option>
              ))}
            </select>
            <label htmlFor="attempt">Of several attempts, keep</label>
            <select
              id="attempt"
              className="p-inputtext"
              value={form.attempt}
              onChange={(e) => change({ attempt: e.target.value as AttemptRule })}
            >
              {ATTEMPT_RULES.map((a) => (
                <option key={a} value={a}>
                  {ATTEMPT_LABELS[a]}
                </option>
              ))}
            </select>
          </div>
          <table className="mapping-questions">
            <caption>Which column fills each question of the paper</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Column of the file</th>
                <th scope="col">The column is out of</th>
              </tr>
            </thead>
            <tbody>
              {sheet.questions.map((q) => {
                const choice = form.questions[q.number]!;
                const set = (patch: Partial<QuestionChoice>) =>
                  change({ questions: { ...form.questions, [q.number]: { ...choice, ...patch } } });
                const index = mappingOf(form).questions.findIndex((x) => x.question === q.number);
                const err = index >= 0 ? (fieldError(`questions.${index}.column`) ?? fieldError(`questions.${index}.question`)) : undefined;
                const outOfErr = index >= 0 ? fieldError(`questions.${index}.out_of`) : undefined;
                const errId = `q-${q.number}-error`;
                const outOfId = `q-${q.number}-out-of-error`;
                return (
                  <tr key={q.number}>
                    <th scope="row">
                      Q{q.number}{' '}
                      <span className="muted">
                        (out of {q.max_marks}, {q.co_code})
                      </span>
                    </th>
                    <td data-label="Column of the file">
                      <select
                        className="p-inputtext"
                        aria-label={`Column for question ${q.number}`}
                        value={choice.column}
                        aria-invalid={Boolean(err)}
                        aria-describedby={err ? errId : undefined}
                        onChange={(e) => set({ column: e.target.value })}
                      >
                        <option value="">Not from this file (keep its marks)</option>
                        {header.map((h) => (
                          <option key={h} value={h}>
                            {h}
                          </option>
                        ))}
                      </select>
                      {err ? (
                        <small id={errId} className="field-error">
                          {err}
                        </small>
                      ) : null}
                    </td>
                    <td data-label="The column is out of">
                      <input
                        className="p-inputtext"
                        inputMode="decimal"
                        aria-label={`Question ${q.number}'s column is out of`}
                        value={choice.out_of}
                        disabled={!choice.column}
                        aria-invalid={Boolean(outOfErr)}
                        aria-describedby={outOfErr ? outOfId : undefined}
                        onChange={(e) => set({ out_of: e.target.value })}
                      />
                      {outOfErr ? (
                        <small id={outOfId} className="field-error">
                          {outOfErr}
                        </small>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {fieldError('questions') ? (
            <p className="field-error" role="alert">
              {fieldError('questions')}
            </p>
          ) : null}
          {preview ? <MappedPreview result={preview} /> : null}
          <div className="page-tools">
            <Button
              label="Preview"
              icon="pi pi-eye"
              outlined
              loading={send.isPending && send.variables === true}
              disabled={send.isPending}
              onClick={() => send.mutate(true)}
            />
            <Button
              label="Save these marks"
              icon="pi pi-check"
              disabled={!preview || send.isPending}
              loading={send.isPending && send.variables === false}
              onClick={() => send.mutate(false)}
            />
          </div>
        </div>
      ) : null}
      {problems ? (
        <>
          {problems.rows.length ? null : (
            <p className="field-error" role="alert">
              {problems.detail}
            </p>
          )}
          <RowErrors errors={problems.rows} where={(e) => `Line ${e.row} of the file`} />
        </>
      ) : null}
    </fieldset>
  );
}

/** What a dry run found: the counts, each column's scaling, students with several attempts and rows matching nobody. */
function MappedPreview({ result }: { result: MappedMarksResult }) {
  return (
    <div className="preview" role="status">
      <p>
        <strong>Nothing is saved yet.</strong> {result.counts_text}.
        {result.several_attempts
          ? ` ${result.several_attempts} student${result.several_attempts === 1 ? '' : 's'} had several attempts: one of each counts.`
          : ''}
        {result.not_in_file
          ? ` ${result.not_in_file} student${result.not_in_file === 1 ? '' : 's'} of the roster ${result.not_in_file === 1 ? 'is' : 'are'} not in the file: ` +
            'their marks stay as they are.'
          : ''}
      </p>
      <ul>
        {result.scaling.map((s) => (
          <li key={s.question}>{s.text}</li>
        ))}
        {result.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {result.unmatched.length ? (
        <>
          <p>
            {result.unmatched.length} row{result.unmatched.length === 1 ? '' : 's'} of the file{' '}
            {result.unmatched.length === 1 ? 'is' : 'are'} left out:
          </p>
          <ul>
            {result.unmatched.slice(0, 200).map((u) => (
              <li key={u.row}>
                Line {u.row}
                {u.value ? ` (${u.value})` : ''}: {u.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
