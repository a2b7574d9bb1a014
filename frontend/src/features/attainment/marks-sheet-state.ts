import {
  ABSENT_MARK,
  type ImportJob,
  MAX_DIRECT_MARKS_ROWS,
  type MarksSheetView,
  type MarksTable,
  type RowError,
  importJobRoute,
  marksSheetRoute,
  marksUploadTicketRoute,
  saveMarksRoute,
  uploadMarksRoute,
  errorMessage,
  formatCsv,
  readMarksTable,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { DOCUMENT_PATHS, qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { sendToStorage } from '../../components/files/upload-file';
import { readCsv, readXlsx } from '../../components/table/table-export';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';

/** How often a large file's import job is asked about, in ms. */
const JOB_POLL_MS = 700;
const finishedJob = (j: ImportJob | undefined) => j?.status === 'done' || j?.status === 'failed';

/** Files up to this size (bytes) and `MAX_DIRECT_MARKS_ROWS` rows go in one request; bigger ones through S3. */
const DIRECT_BYTES = 200 * 1024;

/** One student's row of the grid as typed: absent, and each question's mark as text (question number -> cell). */
export type GridRow = { absent: boolean; marks: Record<string, string> };

/** A chosen marks file: its name, its cells, its size in bytes, and what the reader made of it. */
export type MarksFile = { name: string; table: string[][]; bytes: number; read: MarksTable };

/** The grid as the sheet holds it: student id -> row, every question's mark as text ('' for none). */
export const toGrid = (sheet: MarksSheetView): Record<string, GridRow> => {
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
export const gridTable = (sheet: MarksSheetView, grid: Record<string, GridRow>, ids: string[]) => {
  const roll = new Map(sheet.students.map((s) => [s.id, s.roll_no]));
  return [
    ['roll_no', ...sheet.questions.map((q) => q.number)],
    ...ids.map((id) => [roll.get(id) ?? '', ...sheet.questions.map((q) => (grid[id].absent ? ABSENT_MARK : grid[id].marks[q.number]))]),
  ];
};

/**
 * The rows a grid save sends: the changed rows with marks or absent, and each row emptied there with no marks (the
 * server clears those students' stored marks: "no marks entered").
 */
const gridRows = (check: Pick<MarksTable, 'rows' | 'unmarked'>): MarksTable['rows'] => [
  ...check.rows,
  ...check.unmarked.map((student) => ({ student, marks: {} })),
];

/**
 * A large file's import job (null: none), asked about every `JOB_POLL_MS` until it is done or failed; `onEnd` is
 * called once per job and status, when its status first reads finished.
 */
function useImportJob(jobId: string | null, onEnd: (job: ImportJob) => void): ImportJob | null {
  const job =
    useQuery({
      queryKey: qk.importJob(jobId ?? ''),
      queryFn: async () => (await call(importJobRoute, { params: { id: jobId ?? '' } }, { quiet: true })).data,
      enabled: Boolean(jobId),
      refetchInterval: (q) => (finishedJob(q.state.data) ? false : JOB_POLL_MS),
    }).data ?? null;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !finishedJob(job) || reported.current === `${job.id}:${job.status}`) return;
    reported.current = `${job.id}:${job.status}`;
    onEnd(job);
  }, [job, onEnd]);
  return job;
}

/**
 * A marks sheet's file upload: the chosen file (read in the browser with the server's rules, `readMarksTable`), the
 * save (small files in one request; large ones to S3 for the import worker, whose job is then polled every
 * `JOB_POLL_MS` until done or failed), and the row problems the server or the job reported.
 * @param saved called once the marks are stored (by the request or by the job)
 */
export function useMarksFile(sheet: MarksSheetView | null, occasionId: string, saved: () => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<MarksFile | null>(null);
  const [serverErrors, setServerErrors] = useState<RowError[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  const job = useImportJob(
    jobId,
    useCallback(
      (ended: ImportJob) => {
        if (ended.status === 'failed') {
          setServerErrors(ended.errors);
          showPopup('error', ended.detail ?? 'The import failed');
          return;
        }
        showPopup('success', ended.counts_text ? `Saved: ${ended.counts_text}` : `Saved the marks of ${ended.rows_written} students`);
        setFile(null);
        if (input.current) input.current.value = '';
        saved();
      },
      [saved],
    ),
  );

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
      clearInput();
      return;
    }
    setFile({ name: f.name, table, bytes: f.size, read: readMarksTable(table, sheet.questions, sheet.students) });
  };
  /** Sends a checked file: small ones in one request, large ones to S3 for the import worker (then the job is polled). */
  const upload = useMutation({
    mutationFn: async (f: MarksFile) => {
      // Cells a spreadsheet would run as formulas go neutralized; the server restores them (formula-cells.ts).
      const csv = formatCsv(f.table);
      if (f.bytes <= DIRECT_BYTES && f.read.rows.length <= MAX_DIRECT_MARKS_ROWS) {
        return call(uploadMarksRoute, { params: { occasion: occasionId }, body: csv });
      }
      const open = await call(marksUploadTicketRoute, { params: { occasion: occasionId }, body: { file_name: f.name } });
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
      clearInput();
      saved();
    },
    onError: (e) => {
      if (e instanceof ApiError) setServerErrors(e.rows);
    },
  });
  const saveFile = () => {
    if (file && sheet) upload.mutate(file);
  };
  return { file, pick, saveFile, job, serverErrors, input };
}

/**
 * A marks sheet's grid: the marks as typed (reset from the sheet whenever it is read), the students changed since,
 * those rows checked with the file reader's rules (`cells` names each error's `<student id>:<question>`), and the
 * save of the changed rows at the sheet's version (409: someone saved meanwhile, said in a popup).
 * @param saved called once the rows are stored
 */
export function useMarksGrid(sheet: MarksSheetView | null, occasionId: string, saved: () => void) {
  const [grid, setGrid] = useState<Record<string, GridRow>>({});
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  // The grid starts from the sheet read (again after every save, which reads the sheet anew).
  useEffect(() => {
    if (!sheet) return;
    setGrid(toGrid(sheet));
    setDirty(new Set());
  }, [sheet]);
  const edit = (id: string, patch: Partial<GridRow>) => {
    setGrid((g) => {
      // The row may not be in the grid yet (typed before the sheet's rows were copied in).
      const row: GridRow | undefined = g[id];
      return { ...g, [id]: { ...(row ?? { absent: false, marks: {} }), ...patch } };
    });
    setDirty((d) => new Set(d).add(id));
  };
  // The changed rows, checked with the file reader's rules; `cells` names each error's student and question.
  const check = useMemo(() => {
    if (!sheet || !dirty.size) return null;
    const table = gridTable(sheet, grid, [...dirty]);
    const read = readMarksTable(table, sheet.questions, sheet.students);
    const roll = (e: RowError) => table[e.row - 1]?.[0] ?? '';
    const id = new Map(sheet.students.map((s) => [s.roll_no, s.id]));
    return { ...read, roll, cells: new Set(read.errors.map((e) => `${id.get(roll(e)) ?? ''}:${e.field}`)) };
  }, [sheet, grid, dirty]);
  const gridSave = useMutation({
    mutationFn: (body: { version: number; rows: MarksTable['rows'] }) => call(saveMarksRoute, { params: { occasion: occasionId }, body }),
    onSuccess: (r) => {
      showPopup('success', r.message ?? 'successfully updated');
      saved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409)
        showPopup('error', 'Someone saved these marks in the meantime: reload to see theirs, then enter yours again');
    },
  });
  const save = () => {
    if (!sheet || !check || check.errors.length) return;
    gridSave.mutate({ version: sheet.version, rows: gridRows(check) });
  };
  // Leaving with changed rows asks first; Save there saves them as the button does (not when a row has a problem).
  useUnsavedChanges(dirty.size > 0, {
    what: `the marks of ${sheet?.occasion.name ?? 'this occasion'}`,
    save: async () => {
      if (!sheet || !check || check.errors.length) return false;
      return gridSave.mutateAsync({ version: sheet.version, rows: gridRows(check) }).then(
        () => true,
        () => false,
      );
    },
  });
  return { grid, dirty, edit, check, save };
}

/** The marks sheet of an occasion (`GET /api/marks/{occasion}`; null while loading) and what to do once marks are saved. */
export function useMarksSheet(occasionId: string) {
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: qk.record(DOCUMENT_PATHS.marks, occasionId),
    queryFn: async () => (await call(marksSheetRoute, { params: { occasion: occasionId } })).data,
  });
  const sheet = read.data ?? null;
  // Why the sheet cannot be read (e.g. the occasion has no question paper yet), for the page to say instead of loading.
  const problem = read.error ? errorMessage(read.error) : null;
  /** After marks are saved: the sheet is read again and every attainment view is stale. */
  const saved = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: qk.record(DOCUMENT_PATHS.marks, occasionId) });
    void queryClient.invalidateQueries({ queryKey: qk.attainment() });
  }, [queryClient, occasionId]);
  return { sheet, saved, problem };
}
