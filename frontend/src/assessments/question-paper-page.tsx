import { type EntityRecord, type PaperQuestion, bloomLevel, courseOutcome, occasion, paperTotal } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../app/api';
import { showPopup } from '../app/state';
import { loadAll } from '../entity/use-ref-options';

interface PaperView {
  occasion: string;
  questions: PaperQuestion[];
  version: number;
  total: number;
  occasion_total: number;
}

/** A native select (light and keyboard-friendly in a table of many rows) with an empty first choice. */
function PlainSelect(p: { label: string; value: string; placeholder: string; options: { value: string; label: string }[]; onChange: (v: string) => void }) {
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
 * totals differ is refused by the server with the reason.
 */
export function QuestionPaperPage({ kinds, title }: { kinds: readonly string[]; title: string }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('occasion');
  const [occasions, setOccasions] = useState<EntityRecord[]>([]);
  const [courses, setCourses] = useState<EntityRecord[]>([]);
  const [cos, setCos] = useState<EntityRecord[]>([]);
  const [levels, setLevels] = useState<EntityRecord[]>([]);
  const [paper, setPaper] = useState<PaperView | null>(null);
  const [questions, setQuestions] = useState<PaperQuestion[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void Promise.all(kinds.map((k) => loadAll(occasion.path, `kind=${k}`))).then((lists) => setOccasions(lists.flat()));
    void loadAll('/api/Course-Curriculum').then(setCourses);
    void loadAll(bloomLevel.path).then(setLevels);
  }, [kinds]);
  const occ = occasions.find((o) => o.id === chosen);
  useEffect(() => {
    setPaper(null);
    setErrors({});
    if (!chosen || !occ) return;
    void loadAll(courseOutcome.path, `course=${String(occ.course)}`).then(setCos);
    void api<{ data: PaperView }>('GET', `/api/question-paper/${chosen}`).then((r) => {
      setPaper(r.data);
      setQuestions(r.data.questions.length ? r.data.questions : [blank(1)]);
    });
  }, [chosen, occ]);
  // A changed paper makes the last save's complaints stale.
  useEffect(() => setErrors({}), [questions]);
  const total = useMemo(() => paperTotal(questions.map((q) => ({ max_marks: Number(q.max_marks) || 0 }))), [questions]);
  const courseLabel = (id: unknown) => {
    const c = courses.find((x) => x.id === id);
    return c ? `${String(c.code ?? '')} ${String(c.title)}`.trim() : '';
  };
  const update = (i: number, patch: Partial<PaperQuestion>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const save = async () => {
    if (!paper || !chosen) return;
    setErrors({});
    try {
      const r = await api<{ data: PaperView }>('PUT', `/api/question-paper/${chosen}`, { version: paper.version, questions });
      setPaper(r.data);
      setQuestions(r.data.questions);
      showPopup('success', 'successfully updated');
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fields);
    }
  };
  const err = (k: string) => (errors[k] ? <small className="field-error">{errors[k]}</small> : null);
  const coOptions = cos.map((c) => ({ value: c.id, label: String(c.code) }));
  const levelOptions = levels.filter((l) => /^K\d/.test(String(l.level_of_learning ?? ''))).map((l) => ({ value: l.id, label: `${String(l.level_of_learning)} ${String(l.name)}` }));
  return (
    <section>
      <div className="page-head">
        <h2>{title}</h2>
        {paper ? <Button label="Save paper" icon="pi pi-check" onClick={() => void save()} /> : null}
      </div>
      <div className="filter-bar">
        <span className="filter">
          <label htmlFor="qp-occasion">Occasion</label>
          <Dropdown
            inputId="qp-occasion"
            value={chosen}
            filter
            placeholder="Choose an occasion"
            options={occasions.map((o) => ({ value: o.id, label: `${String(o.name)} · ${courseLabel(o.course)}${o.section ? ` · ${String(o.section)}` : ''}` }))}
            onChange={(e) => setParams(e.value ? { occasion: e.value } : {}, { replace: true })}
          />
        </span>
      </div>
      {!occasions.length ? <p className="hint">No {kinds.join('/')} occasions yet: add one under ISE/MSE Occasions (ESE occasions too).</p> : null}
      {paper && occ ? (
        <>
          <table className="paper" aria-label="Question paper">
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
                <tr key={i}>
                  <td>
                    <InputText aria-label={`Question ${i + 1} number`} value={q.number} onChange={(e) => update(i, { number: e.target.value })} className="qp-number" />
                    {err(`questions.${i}.number`)}
                  </td>
                  <td>
                    <InputNumber inputId={`qp-marks-${i}`} aria-label={`Question ${i + 1} max marks`} value={q.max_marks || null} maxFractionDigits={2} onValueChange={(e) => update(i, { max_marks: e.value ?? 0 })} className="qp-marks" />
                    {err(`questions.${i}.max_marks`)}
                  </td>
                  <td>
                    <PlainSelect label={`Question ${i + 1} course outcome`} value={q.co} placeholder="CO" options={coOptions} onChange={(v) => update(i, { co: v })} />
                    {err(`questions.${i}.co`)}
                  </td>
                  <td>
                    <PlainSelect label={`Question ${i + 1} Bloom's level`} value={q.bloom_level} placeholder="Level" options={levelOptions} onChange={(v) => update(i, { bloom_level: v })} />
                    {err(`questions.${i}.bloom_level`)}
                  </td>
                  <td>
                    {(q.rubric ?? []).map((r, k) => (
                      <div key={k} className="rubric-row">
                        <InputText aria-label={`Question ${i + 1} criterion ${k + 1}`} value={r.criterion} placeholder="Criterion" onChange={(e) => update(i, { rubric: (q.rubric ?? []).map((x, m) => (m === k ? { ...x, criterion: e.target.value } : x)) })} />
                        <InputNumber aria-label={`Question ${i + 1} criterion ${k + 1} marks`} value={r.marks || null} maxFractionDigits={2} placeholder="Marks" onValueChange={(e) => update(i, { rubric: (q.rubric ?? []).map((x, m) => (m === k ? { ...x, marks: e.value ?? 0 } : x)) })} />
                        <Button icon="pi pi-times" rounded text aria-label={`Remove criterion ${k + 1} of question ${i + 1}`} onClick={() => update(i, { rubric: (q.rubric ?? []).filter((_, m) => m !== k) })} />
                      </div>
                    ))}
                    <Button label="Criterion" icon="pi pi-plus" text size="small" onClick={() => update(i, { rubric: [...(q.rubric ?? []), { criterion: '', marks: 0 }] })} />
                    {err(`questions.${i}.rubric`)}
                  </td>
                  <td>
                    <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove question ${i + 1}`} onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="paper-foot">
            <Button label="Add question" icon="pi pi-plus" outlined onClick={() => setQuestions((qs) => [...qs, blank(qs.length + 1)])} />
            <strong className={total === paper.occasion_total ? 'total-ok' : 'total-off'} data-testid="paper-total">
              Total {total} of {paper.occasion_total} marks{total === paper.occasion_total ? ' ✓' : ` (${total < paper.occasion_total ? 'short by' : 'over by'} ${Math.abs(Math.round((paper.occasion_total - total) * 100) / 100)})`}
            </strong>
          </div>
          {err('total')}
        </>
      ) : null}
    </section>
  );
}
