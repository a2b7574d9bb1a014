import { DEFAULT_LOCALE, type PublicSurvey, formatDate } from '@attain/shared-types';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AnswerForm } from './answer-form';
import { PublicFrame } from './public-frame';
import { type Refusal, readSurvey } from './api';
import { RefusalNotice } from './refusal-notice';

/** Where the page stands. */
type State =
  | { kind: 'loading' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'survey'; survey: PublicSurvey }
  | { kind: 'thanks'; survey: PublicSurvey; endText?: string };

/** The survey's heading: its name, subtitle, course and year, closing date, introduction, and whether it is anonymous. */
function SurveyHead({ survey }: { survey: PublicSurvey }) {
  const about = [survey.course, survey.academic_year].filter(Boolean).join(', ');
  return (
    <header className="public-survey-head">
      <h1>{survey.name}</h1>
      {survey.sub_title ? <p className="public-subtitle">{survey.sub_title}</p> : null}
      <p className="muted">
        {about ? `${about}. ` : ''}
        {`Open until ${formatDate(survey.closes_on, DEFAULT_LOCALE)}.`}
      </p>
      {survey.intro_text ? <p className="public-text">{survey.intro_text}</p> : null}
      {survey.anonymous ? <p className="muted">Your answers are kept without your name.</p> : null}
    </header>
  );
}

/** The thank-you after Submit: the survey's closing message; the keyboard (and a screen reader) moves to it. */
function ThankYou({ text }: { text: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="public-thanks" aria-labelledby="thanks-title">
      <h1 id="thanks-title" tabIndex={-1} ref={heading}>
        Thank you
      </h1>
      <p className="public-text">{text}</p>
    </section>
  );
}

/**
 * `/s/<token>`: the page a survey invitation's link opens, answered without signing in (outside the signed-in frame,
 * loaded on its own: plain `fetch`, no sign-in code). It reads the survey (`GET /api/public/survey/{token}`) and shows
 * the campus, the survey's heading and introduction and its questions (`AnswerForm`); after Submit, a thank-you with
 * the survey's closing message. A link that shows no survey (unknown, already answered, expired, closed, busy) shows
 * a sentence saying so, never a form. Phone first: one column, large touch targets, no sideways scrolling.
 */
export default function PublicSurveyPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void readSurvey(token).then((read) => {
      if (!live) return;
      setState(read.kind === 'survey' ? { kind: 'survey', survey: read.survey } : read);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);
  const campus = state.kind === 'survey' || state.kind === 'thanks' ? state.survey.campus : undefined;
  useEffect(() => {
    document.title = state.kind === 'survey' ? `${state.survey.name} | ${state.survey.campus}` : 'Survey';
  }, [state]);
  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return (
    <PublicFrame campus={campus}>
      {state.kind === 'loading' ? <p role="status">Opening the survey…</p> : null}
      {state.kind === 'unreachable' ? (
        <section className="public-refusal" aria-labelledby="unreachable-title">
          <h1 id="unreachable-title">The survey could not be opened</h1>
          <p>Check your connection and try again.</p>
          <button type="button" className="p-button p-component public-button" onClick={retry}>
            <span className="p-button-label">Try again</span>
          </button>
        </section>
      ) : null}
      {state.kind === 'refused' ? <RefusalNotice refusal={state.refusal} onRetry={retry} /> : null}
      {state.kind === 'survey' ? (
        <>
          <SurveyHead survey={state.survey} />
          <AnswerForm
            token={token}
            survey={state.survey}
            onThanks={(endText) => setState({ kind: 'thanks', survey: state.survey, endText })}
            onRefused={(refusal) => setState({ kind: 'refused', refusal })}
          />
        </>
      ) : null}
      {state.kind === 'thanks' ? <ThankYou text={state.endText || state.survey.end_text || 'Your answers have been recorded.'} /> : null}
    </PublicFrame>
  );
}
