import type { MySurvey } from '@attain/shared-types';
import { Link } from 'react-router-dom';
import { formatDate, useLocale } from '../../lib/format/locale';
import { useMySurveys } from './api';

/** Where a survey stands for the student, in their words. */
function stateText(s: MySurvey): string {
  if (!s.answered) return 'Not answered yet';
  return s.replaceable ? 'Answered: you may change your answers until it closes' : 'Answered through the link mailed to you';
}

/** One survey: its course, name, closing day, whether it is anonymous, and Answer (or Change answers). */
function SurveyCard({ s }: { s: MySurvey }) {
  const locale = useLocale();
  const headingId = `survey-${s.id}`;
  return (
    <section className={`my-course my-survey-card${s.answered ? ' answered' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {s.course.code}
        {s.course.title && s.course.title !== s.course.code ? ` ${s.course.title}` : ''}
      </h2>
      <p>{s.name}</p>
      <p className="muted">
        {`${s.academic_year} · open until ${formatDate(s.closes_on, locale)}`}
        {s.anonymous ? ' · anonymous: your answers are kept without your name' : ''}
      </p>
      <p className="my-course-summary">{stateText(s)}</p>
      {s.replaceable ? (
        <Link className="p-button p-component public-button" to={`/me/surveys/${s.id}`}>
          <span className="p-button-label">{s.answered ? 'Change my answers' : 'Answer the survey'}</span>
        </Link>
      ) : null}
    </section>
  );
}

/**
 * `/me/surveys` (students, phone first): the open course-exit surveys of their courses, unanswered first, each with
 * Answer or, once answered signed in, Change my answers until it closes.
 */
export default function MySurveysPage() {
  const { data, error, isPending } = useMySurveys();
  if (isPending) return <p className="muted">Loading your surveys…</p>;
  if (error || !data) return <p role="alert">{error?.message ?? 'Your surveys could not be read'}</p>;
  const sorted = [...data].sort((a, b) => Number(a.answered) - Number(b.answered));
  return (
    <div className="my-results">
      <header className="my-results-head">
        <h2 className="my-name">Course exit surveys</h2>
        <p className="muted">Your teachers ask how far you reached each course outcome. Each survey takes a few minutes.</p>
      </header>
      {sorted.length ? (
        sorted.map((s) => <SurveyCard key={s.id} s={s} />)
      ) : (
        <p className="hint">No survey of your courses is open just now.</p>
      )}
    </div>
  );
}
