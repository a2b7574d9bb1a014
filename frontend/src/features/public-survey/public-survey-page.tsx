import type { PublicSurvey } from '@attain/shared-types';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AnswerForm } from '../../components/survey-answers/answer-form';
import { SurveyHead, ThankYou } from '../../components/survey-answers/survey-head';
import { PublicFrame } from './public-frame';
import { type Refusal, readSurvey, sendAnswers } from './api';
import { RefusalNotice } from './refusal-notice';

/** Where the page stands. */
type State =
  | { kind: 'loading' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'survey'; survey: PublicSurvey }
  | { kind: 'thanks'; survey: PublicSurvey; endText?: string };

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
            survey={state.survey}
            send={(body) => sendAnswers(token, body)}
            onThanks={(endText) => setState({ kind: 'thanks', survey: state.survey, endText })}
            onRefused={(refusal) => setState({ kind: 'refused', refusal })}
          />
        </>
      ) : null}
      {state.kind === 'thanks' ? <ThankYou text={state.endText || state.survey.end_text || 'Your answers have been recorded.'} /> : null}
    </PublicFrame>
  );
}
