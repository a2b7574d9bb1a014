import {
  type PaperQuestion,
  questionPaperRoutes,
  bloomLevel,
  courseCurriculum,
  courseOutcome,
  occasion,
  paperTotal,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api';
import { crud } from '../../app/crud-client';
import { call } from '../../app/api-client';
import { DOCUMENT_PATHS, qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { HistoryButton } from '../../components/entity/history-button';
import { useListQuery, useOccasionLists } from '../../components/entity/list-cache';
import { loadMoreFooter } from '../../components/entity/load-more';
import { refLabel, useRefRecords } from '../../components/entity/ref-records';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { PastePreview } from '../../components/form/paste-preview';
import { type PaperCo, type PaperLevel, parsePaperPaste, withCo } from './paper-entry';

/** A native select (light and keyboard-friendly in a table of many rows) with an empty first choice. */
function PlainSelect(p: {
  label: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <select className="qp-select" aria-label={p.label} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
      <option value="">{p.placeholder}</option>
      {p.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const blank = (n: number): PaperQuestion => ({ number: String(n), max_marks: 0, co: '', bloom_level: '' });

/**
 * The question paper of an assessment occasion (`/assessments/manage-ise-mse-qp-rubrics` for ISE/MSE,
 * `/assessments/manage-ese-qp` for ESE): questions with number, maximum marks, course outcome, Bloom's level and
 * optional rubric criteria; the paper's total is shown against the occasion's total marks, and a save whose
 * totals differ is refused by the server with the reason. The occasions are read a page at a time (their courses by
 * id), the chosen occasion's COs by `?course=`; a save puts the saved paper into the cache and marks the occasion's
 * marks sheet and the attainment views stale.
 *
 * Fewer clicks: a question's Bloom's level comes from its CO (until another is chosen); Enter in a question moves to
 * the next, adding one after the last; a paper copied from a spreadsheet (question, max marks, CO, Bloom's level) and
 * pasted into the table replaces the questions after a preview; a paper with no questions yet opens with the keyboard
 * in question 1. Leaving with changes asks first.
 */
export function QuestionPaperPage({ kinds, title }: { kinds: readonly string[]; title: string }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('occasion');
  const occasions = useOccasionLists(kinds, {});
  const courses = useRefRecords(occasions.pages.map((p) => ({ target: courseCurriculum, ids: p.data.map((o) => o.course) })));
  // The chosen occasion: from the list when it is there, else read by id (a link to an occasion not read yet).
  const listed = occasions.rows.find((o) => o.id === chosen);
  const byId = useQuery({
    queryKey: qk.record(occasion.path, chosen ?? ''),
    queryFn: () => crud.get(occasion, chosen ?? ''),
    enabled: Boolean(chosen) && !occasions.isPending && !listed,
  });
  const occ = listed ?? (byId.data?.id === chosen ? byId.data : undefined);
  const cos = useListQuery(courseOutcome, occ ? { course: occ.course } : null).rows;
  const levels = useListQuery(bloomLevel, {}).rows;
  const paperKey = qk.record(DOCUMENT_PATHS.questionPaper, chosen ?? '');
  const paper =
    useQuery({
      queryKey: paperKey,
      queryFn: async () => (await call(questionPaperRoutes.read, { params: { occasion: chosen ?? '' } })).data,
      enabled: Boolean(chosen),
    }).data ?? null;
  const [questions, setQuestions] = useState<PaperQuestion[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pasted, setPasted] = useState<{ questions: PaperQuestion[]; problems: string[] } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // The questions being edited start from the paper read (again after a save or for another occasion).
  useEffect(() => {
    if (paper) setQuestions(paper.questions.length ? paper.questions : [blank(1)]);
  }, [paper]);
  // A changed paper makes the last save's complaints stale.
  useEffect(() => setErrors({}), [questions, chosen]);
  const total = useMemo(() => paperTotal(questions.map((q) => ({ max_marks: Number(q.max_marks) || 0 }))), [questions]);
  const courseLabel = (id: unknown) => {
    const c = courses(courseCurriculum, id);
    return c ? `${c.code ?? ''} ${c.title}`.trim() : '';
  };
  const update = (i: number, patch: Partial<PaperQuestion>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { version: number; questions: PaperQuestion[] }) =>
      call(questionPaperRoutes.save, { params: { occasion: chosen ?? '' }, body }),
    onMutate: () => setErrors({}),
    onSuccess: (r) => {
      queryClient.setQueryData(paperKey, r.data);
      // The marks sheet lists the paper's questions; attainment reads them.
      void queryClient.invalidateQueries({ queryKey: qk.record(DOCUMENT_PATHS.marks, r.data.occasion) });
      void queryClient.invalidateQueries({ queryKey: qk.attainment() });
      showPopup('success', 'Question paper successfully updated');
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.fields);
    },
  });
  const occasionOptions = [...(occ && !listed ? [occ] : []), ...occasions.rows].map((o) => ({
    value: o.id,
    label: `${o.name} · ${courseLabel(o.course)}${o.section ? ` · ${o.section}` : ''}`,
  }));
  const err = (k: string) => (errors[k] ? <small className="field-error">{errors[k]}</small> : null);
  const coOptions = cos.map((c) => ({ value: c.id, label: c.code }));
  const kLevels = levels.filter((l) => /^K\d/.test(l.level_of_learning ?? ''));
  const levelOptions = kLevels.map((l) => ({ value: l.id, label: refLabel(bloomLevel, l) }));
  const paperCos: PaperCo[] = cos.map((c) => ({ id: c.id, code: c.code, bloom: c.cognitive_domain }));
  const paperLevels: PaperLevel[] = kLevels.map((l) => ({ id: l.id, code: l.level_of_learning ?? '', name: l.name }));
  const saved = paper ? (paper.questions.length ? paper.questions : [blank(1)]) : [];
  const dirty = Boolean(paper) && JSON.stringify(questions) !== JSON.stringify(saved);
  useUnsavedChanges(dirty, {
    what: 'the question paper',
    save: async () =>
      paper
        ? save.mutateAsync({ version: paper.version, questions }).then(
            () => true,
            () => false,
          )
        : false,
  });
  /** The number field of question `i` (0-based), focused after the row exists. */
  const focusQuestion = (i: number) =>
    requestAnimationFrame(() => tableRef.current?.querySelector<HTMLElement>(`[aria-label="Question ${i + 1} number"]`)?.focus());
  // A paper with no questions yet opens with the keyboard in question 1, ready for typing or a pasted paper.
  const emptyPaper = paper !== null && paper.questions.length === 0;
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!emptyPaper || !chosen || !questions.length || focused.current === chosen) return;
    focused.current = chosen;
    focusQuestion(0);
  });
  // Enter in a question's fields moves to the next question, adding one after the last.
  const onRowKey = (i: number) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (i === questions.length - 1) setQuestions((qs) => [...qs, blank(qs.length + 1)]);
    focusQuestion(i + 1);
  };
  // A paper copied from a spreadsheet (several cells) replaces the questions, after a preview.
  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    e.preventDefault();
    setPasted(parsePaperPaste(text, paperCos, paperLevels));
  };
  const coCode = (id: string) => paperCos.find((c) => c.id === id)?.code ?? '';
  const levelCode = (id: string) => paperLevels.find((l) => l.id === id)?.code ?? '';
  return (
    <section>
      <div className="page-head">
        <h2>{title}</h2>
        {paper && chosen ? (
          <span className="page-tools">
            <HistoryButton entity="question-paper" id={chosen} title="question paper" label="History" />
            <Button label="Save paper" icon="pi pi-check" onClick={() => save.mutate({ version: paper.version, questions })} />
          </span>
        ) : null}
      </div>
      <div className="filter-bar">
        <span className="filter">
          <label htmlFor="qp-occasion">Occasion</label>
          <Dropdown
            inputId="qp-occasion"
            value={chosen}
            filter
            placeholder="Choose an occasion"
            options={occasionOptions}
            panelFooterTemplate={loadMoreFooter(occasions)}
            onChange={(e) => setParams(e.value ? { occasion: e.value } : {}, { replace: true })}
          />
        </span>
      </div>
      {!occasions.isPending && !occasions.rows.length ? (
        <p className="hint">
          No {kinds.join('/')} occasions yet:{' '}
          {kinds.includes('ESE') ? (
            'add one under ESE Occasions below.'
          ) : (
            <Link to="/assessments/manage-ise-mse-occassion">add one under ISE/MSE Occasions.</Link>
          )}
        </p>
      ) : null}
      {paper && occ ? (
        <>
          <p className="hint">
            Enter moves to the next question (adding one after the last). Paste a paper copied from a spreadsheet (columns: question, max
            marks, CO, and Bloom's level if it differs from the CO's) into any field of the table.
          </p>
          <table className="paper" aria-label="Question paper" ref={tableRef} onPaste={onPaste}>
            <thead>
              <tr>
                <th>No.</th>
                <th>Max marks</th>
                <th>Course outcome</th>
                <th>Bloom's level</th>
                <th>Rubric criteria</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {questions.map((q, i) => (
                <tr key={i} onKeyDown={onRowKey(i)}>
                  <td data-label="No.">
                    <InputText
                      aria-label={`Question ${i + 1} number`}
                      value={q.number}
                      onChange={(e) => update(i, { number: e.target.value })}
                      className="qp-number"
                    />
                    {err(`questions.${i}.number`)}
                  </td>
                  <td data-label="Max marks">
                    <InputNumber
                      inputId={`qp-marks-${i}`}
                      aria-label={`Question ${i + 1} max marks`}
                      value={q.max_marks || null}
                      maxFractionDigits={2}
                      onValueChange={(e) => update(i, { max_marks: e.value ?? 0 })}
                      className="qp-marks"
                    />
                    {err(`questions.${i}.max_marks`)}
                  </td>
                  <td data-label="Course outcome">
                    <PlainSelect
                      label={`Question ${i + 1} course outcome`}
                      value={q.co}
                      placeholder="CO"
                      options={coOptions}
                      onChange={(v) => setQuestions((qs) => qs.map((x, j) => (j === i ? withCo(x, v, paperCos, paperLevels) : x)))}
                    />
                    {err(`questions.${i}.co`)}
                  </td>
                  <td data-label="Bloom's level">
                    <PlainSelect
                      label={`Question ${i + 1} Bloom's level`}
                      value={q.bloom_level}
                      placeholder="Level"
                      options={levelOptions}
                      onChange={(v) => update(i, { bloom_level: v })}
                    />
                    {err(`questions.${i}.bloom_level`)}
                  </td>
                  <td data-label="Rubric criteria">
                    {(q.rubric ?? []).map((r, k) => (
                      <div key={k} className="rubric-row">
                        <InputText
                          aria-label={`Question ${i + 1} criterion ${k + 1}`}
                          value={r.criterion}
                          placeholder="Criterion"
                          onChange={(e) =>
                            update(i, { rubric: (q.rubric ?? []).map((x, m) => (m === k ? { ...x, criterion: e.target.value } : x)) })
                          }
                        />
                        <InputNumber
                          aria-label={`Question ${i + 1} criterion ${k + 1} marks`}
                          value={r.marks || null}
                          maxFractionDigits={2}
                          placeholder="Marks"
                          onValueChange={(e) =>
                            update(i, { rubric: (q.rubric ?? []).map((x, m) => (m === k ? { ...x, marks: e.value ?? 0 } : x)) })
                          }
                        />
                        <Button
                          icon="pi pi-times"
                          rounded
                          text
                          aria-label={`Remove criterion ${k + 1} of question ${i + 1}`}
                          onClick={() => update(i, { rubric: (q.rubric ?? []).filter((_, m) => m !== k) })}
                        />
                      </div>
                    ))}
                    <Button
                      label="Criterion"
                      icon="pi pi-plus"
                      text
                      size="small"
                      onClick={() => update(i, { rubric: [...(q.rubric ?? []), { criterion: '', marks: 0 }] })}
                    />
                    {err(`questions.${i}.rubric`)}
                  </td>
                  <td>
                    <Button
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={`Remove question ${i + 1}`}
                      onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="paper-foot">
            <Button label="Add question" icon="pi pi-plus" outlined onClick={() => setQuestions((qs) => [...qs, blank(qs.length + 1)])} />
            <strong className={total === paper.occasion_total ? 'total-ok' : 'total-off'} data-testid="paper-total">
              Total {total} of {paper.occasion_total} marks
              {total === paper.occasion_total
                ? ' ✓'
                : ` (${total < paper.occasion_total ? 'short by' : 'over by'} ${Math.abs(Math.round((paper.occasion_total - total) * 100) / 100)})`}
            </strong>
          </div>
          {err('total')}
        </>
      ) : null}
      <PastePreview
        header="Paste a question paper"
        open={pasted !== null}
        note={<p className="hint">They replace the {questions.length} questions on screen; nothing is saved until Save paper.</p>}
        itemsLabel="Questions read"
        items={(pasted?.questions ?? []).map(
          (q) => `Q${q.number} · ${q.max_marks} marks · ${coCode(q.co)}${q.bloom_level ? ` · ${levelCode(q.bloom_level)}` : ''}`,
        )}
        empty="No question could be read from what was pasted."
        problemsLabel="Rows left out"
        problems={pasted?.problems ?? []}
        applyLabel={`Use these ${pasted?.questions.length ?? 0} questions`}
        onApply={() => {
          if (pasted) setQuestions(pasted.questions);
          setPasted(null);
        }}
        onCancel={() => setPasted(null)}
      />
    </section>
  );
}
