import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AnswerForm } from '../../components/survey-answers/answer-form';
import type { Refusal } from '../../components/survey-answers/answer-sent';
import { SurveyHead, ThankYou } from '../../components/survey-answers/survey-head';
import { useMySurvey, useSendMyAnswers } from './api';

const BACK = (
  <p>
    <Link to="/me/surveys">Back to my surveys</Link>
  </p>
);

/** Where the page stands once the form is sent: thanked (with the server's sentence), or refused. */
type Sent = { kind: 'thanks'; text: string } | { kind: 'refused'; refusal: Refusal };

/**
 * `/me/surveys/:survey` (students, phone first): one course-exit survey answered signed in, with the same questions and
 * checks as the public page (`AnswerForm`). Answered before: a named survey shows their answers to change; an anonymous
 * one says they answered and that answering again replaces it (its answers are never shown beside a person); one
 * answered through a mailed link says that answer stands, with no form. A survey that is not theirs, closed or not
 * open yet says so in place.
 */
export default function MySurveyPage() {
  const { survey: id = '' } = useParams();
  const { data, error, isPending } = useMySurvey(id);
  const send = useSendMyAnswers(id);
  const [sent, setSent] = useState<Sent | null>(null);
  if (isPending) return <p className="muted">Opening the survey…</p>;
  if (sent?.kind === 'thanks')
    return (
      <div className="public-survey">
        <ThankYou text={sent.text}>{BACK}</ThankYou>
      </div>
    );
  if (sent?.kind === 'refused' || error || !data)
    return (
      <div className="public-survey">
        <section className="public-refusal" aria-labelledby="refused-title">
          <h1 id="refused-title">This survey takes no answer from you now</h1>
          <p role="alert">{sent?.kind === 'refused' ? sent.refusal.detail : (error?.message ?? 'The survey could not be opened')}</p>
          {BACK}
        </section>
      </div>
    );
  if (!data.replaceable)
    return (
      <div className="public-survey">
        <SurveyHead survey={data} />
        <p className="hint" role="note">
          You answered this survey through the link mailed to you; that answer stands. Thank you.
        </p>
        {BACK}
      </div>
    );
  return (
    <div className="public-survey">
      <SurveyHead survey={data} />
      {data.answered && data.anonymous ? (
        <p className="hint" role="note">
          You have answered this survey. Your answers are not shown again because it is anonymous; answering again replaces them.
        </p>
      ) : null}
      {data.answered && !data.anonymous ? (
        <p className="hint" role="note">
          You have answered this survey: your answers are below. Change any and send them again until it closes.
        </p>
      ) : null}
      <AnswerForm
        survey={data}
        initial={data.answers}
        send={send}
        submitLabel={data.answered ? 'Send my changed answers' : 'Submit answers'}
        onThanks={(endText, message) =>
          setSent({ kind: 'thanks', text: endText || data.end_text || message || 'Your answers have been recorded.' })
        }
        onRefused={(refusal) => setSent({ kind: 'refused', refusal })}
      />
      {BACK}
    </div>
  );
}
