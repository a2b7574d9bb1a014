import { type OfflineResultsBody, type SurveyHostView, saveOfflineResultsRoute } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { formatDateTime, useLocale } from '../../lib/format/locale';

/** A count typed into the form: a whole number 0 or more, or null while the box is blank or holds something else. */
const parseCount = (text: string): number | null => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * "Offline (paper) results" of a survey (Host survey): how many people were handed the paper form and, per rating
 * question, how many chose each scale point. Save puts them (`PUT /api/survey-host/{id}/offline`) with the version
 * read; a 409 (someone saved in between) shows the server's message and offers the saved counts. Each question's
 * answers may not exceed the people surveyed. Give it `key={version}` so a newly saved version starts it again.
 */
export function OfflineResultsForm({ view }: { view: SurveyHostView }) {
  const locale = useLocale();
  const { scale } = view.form;
  const ratings = view.form.questions.filter((q) => q.kind === 'Rating');
  const saved = view.offline;
  const [surveyed, setSurveyed] = useState(String(saved?.surveyed ?? 0));
  const [counts, setCounts] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(ratings.map((q) => [q.id, scale.map((_, k) => String(saved?.counts[q.id]?.[k] ?? 0))])),
  );
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: OfflineResultsBody) => call(saveOfflineResultsRoute, { params: { survey: view.survey.id }, body }),
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      showPopup('success', 'Paper results saved');
      // The report, the dashboard and attainment (indirect levels) read them.
      void qc.invalidateQueries({ queryKey: qk.surveyViews() });
      void qc.invalidateQueries({ queryKey: qk.attainment() });
    },
    onError: (e) => setRefusal(e instanceof ApiError ? e : null),
  });
  if (!ratings.length) return null;
  const people = parseCount(surveyed);
  const totals = Object.fromEntries(ratings.map((q) => [q.id, counts[q.id].reduce((t, c) => t + (parseCount(c) ?? 0), 0)]));
  const bad = people === null || ratings.some((q) => counts[q.id].some((c) => parseCount(c) === null) || totals[q.id] > people);
  const set = (q: string, k: number, text: string) => setCounts((c) => ({ ...c, [q]: c[q].map((v, j) => (j === k ? text : v)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (bad || people === null) return;
    save.mutate({
      surveyed: people,
      counts: Object.fromEntries(ratings.map((q) => [q.id, counts[q.id].map((c) => parseCount(c) ?? 0)])),
      version: saved?.version ?? 0,
    });
  };
  return (
    <section className="survey-panel" aria-labelledby="offline-head">
      <h3 id="offline-head">Offline (paper) results</h3>
      <p className="hint">
        Answers collected on paper: the people handed the form, and per question how many chose each point.
        {saved?.updated_at
          ? ` Last saved ${formatDateTime(saved.updated_at, locale)}${saved.updated_by ? ` by ${saved.updated_by}` : ''}.`
          : ''}
      </p>
      <form className="offline-form" onSubmit={submit} noValidate aria-label="Offline (paper) results">
        {refusal ? (
          <div className="form-refusal" role="alert">
            <i className="pi pi-exclamation-circle" aria-hidden />
            <span>{refusal.detail}</span>
            {refusal.status === 409 ? (
              <Button
                type="button"
                label="Load the saved counts"
                icon="pi pi-refresh"
                size="small"
                outlined
                onClick={() => void qc.invalidateQueries({ queryKey: qk.surveyHost(view.survey.id) })}
              />
            ) : null}
          </div>
        ) : null}
        <div className="form-field offline-surveyed">
          <label htmlFor="offline-surveyed">People surveyed on paper</label>
          <input
            id="offline-surveyed"
            className={`p-inputtext p-component${people === null ? ' p-invalid' : ''}`}
            inputMode="numeric"
            value={surveyed}
            onChange={(e) => setSurveyed(e.target.value)}
          />
          {people === null ? <small className="field-error">Write a whole number, 0 or more</small> : null}
        </div>
        {ratings.map((q, n) => (
          <fieldset key={q.id} className="list-row offline-question">
            <legend>{`${n + 1}. ${q.text}${q.outcome_code ? ` (${q.outcome_code})` : ''}`}</legend>
            <div className="offline-counts">
              {scale.map((p, k) => {
                const id = `offline-${q.id}-${k}`;
                const invalid = parseCount(counts[q.id][k]) === null;
                return (
                  <div key={p.label} className="form-field">
                    <label htmlFor={id}>{p.label}</label>
                    <input
                      id={id}
                      className={`p-inputtext p-component${invalid ? ' p-invalid' : ''}`}
                      inputMode="numeric"
                      value={counts[q.id][k]}
                      aria-invalid={invalid || undefined}
                      onChange={(e) => set(q.id, k, e.target.value)}
                    />
                  </div>
                );
              })}
            </div>
            <small className={people !== null && totals[q.id] > people ? 'field-error' : 'hint'}>
              {people !== null && totals[q.id] > people
                ? `${totals[q.id]} answers, more than the ${people} people surveyed`
                : `${totals[q.id]} answers`}
            </small>
          </fieldset>
        ))}
        <div className="form-actions">
          <Button type="submit" label="Save paper results" icon="pi pi-check" disabled={bad} loading={save.isPending} />
        </div>
      </form>
    </section>
  );
}
