import type { PublicSurvey, SurveyAnswerBody } from '@attain/shared-types';
import { type FormEvent, useRef, useState } from 'react';
import type { AnswerSent, Refusal } from './answer-sent';
import { FreeTextQuestion } from './free-text-question';
import { RatingQuestion } from './rating-question';

/** An answer as a rating's scale index, if it is one. */
const numberOrUndefined = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** An answer as free text ('' when it is none). */
const textOrEmpty = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The body sent: every rating question's chosen index, and the free-text answers that are not blank (trimmed). */
export function answerBody(survey: PublicSurvey, answers: Readonly<Record<string, number | string>>): SurveyAnswerBody {
  const out: Record<string, number | string> = {};
  for (const q of survey.questions) {
    const v = answers[q.id];
    if (q.kind === 'Rating') {
      if (typeof v === 'number') out[q.id] = v;
    } else if (typeof v === 'string' && v.trim()) out[q.id] = v.trim();
  }
  return { answers: out };
}

/**
 * A survey's questions and Submit, for the public page and a signed-in student's alike. Every rating question needs an
 * answer: Submit with one missing marks it `Required`, says how many are missing and moves the keyboard to the first.
 * The answers go through `send` (the public route with the link's token, or the student's own route); thanks then
 * (`onThanks`), a refusal (`onRefused`: answered, expired, closed), answers refused per question shown on them. A busy
 * server (429) or no connection keeps every answer and says to try again in a moment. `initial`: answers given earlier
 * (a student changing theirs).
 */
export function AnswerForm(props: {
  survey: PublicSurvey;
  send: (body: SurveyAnswerBody) => Promise<AnswerSent>;
  initial?: Readonly<Record<string, number | string>>;
  submitLabel?: string;
  onThanks: (endText: string | undefined, message: string | undefined) => void;
  onRefused: (refusal: Refusal) => void;
}) {
  const { survey } = props;
  const [answers, setAnswers] = useState<Record<string, number | string>>(() => ({ ...(props.initial ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const answer = (id: string, v: number | string) => {
    setAnswers((a) => ({ ...a, [id]: v }));
    setErrors(({ [id]: _, ...rest }) => {
      // The sentence about missing answers goes with the last of them.
      if (!Object.keys(rest).length) setNotice(null);
      return rest;
    });
  };
  /** Moves the keyboard to the answer of question `id` (its first radio button, or its text area). */
  const focus = (id: string) => form.current?.querySelector<HTMLElement>(`[name="answer-${id}"]`)?.focus();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = survey.questions.filter((q) => q.kind === 'Rating' && typeof answers[q.id] !== 'number');
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((q) => [q.id, 'Required'])));
      setNotice(
        missing.length === 1
          ? 'One question needs an answer: it is marked Required.'
          : `${missing.length} questions need an answer: they are marked Required.`,
      );
      focus(missing[0].id);
      return;
    }
    setBusy(true);
    setNotice(null);
    const sent = await props.send(answerBody(survey, answers));
    setBusy(false);
    if (sent.kind === 'thanks') return props.onThanks(sent.endText, sent.message);
    if (sent.kind === 'invalid') {
      setErrors(sent.fields);
      setNotice(sent.detail);
      const first = survey.questions.find((q) => sent.fields[q.id]);
      if (first) focus(first.id);
      return;
    }
    if (sent.kind === 'refused' && sent.refusal.reason !== 'busy') return props.onRefused(sent.refusal);
    setNotice(
      sent.kind === 'refused'
        ? 'Many people are answering just now. Your answers are kept: please try again in a moment.'
        : 'Your answers could not be sent just now. They are kept: check your connection and try again in a moment.',
    );
  };
  let number = 0;
  return (
    <form ref={form} className="public-survey-form" onSubmit={(e) => void submit(e)} noValidate aria-label={survey.name}>
      {survey.questions.some((q) => q.kind === 'Rating') ? <p className="muted">Questions marked * need an answer.</p> : null}
      {survey.questions.map((q) => {
        number += 1;
        return q.kind === 'Rating' ? (
          <RatingQuestion
            key={q.id}
            number={number}
            question={q}
            scale={survey.scale}
            value={numberOrUndefined(answers[q.id])}
            error={errors[q.id]}
            onChange={(k) => answer(q.id, k)}
          />
        ) : (
          <FreeTextQuestion
            key={q.id}
            number={number}
            question={q}
            value={textOrEmpty(answers[q.id])}
            error={errors[q.id]}
            onChange={(t) => answer(q.id, t)}
          />
        );
      })}
      {notice ? (
        <p className="field-error public-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="p-button p-component public-button" disabled={busy}>
        <span className="p-button-label">{busy ? 'Sending…' : (props.submitLabel ?? 'Submit answers')}</span>
      </button>
    </form>
  );
}
