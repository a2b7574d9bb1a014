import { DEFAULT_LOCALE, type PublicSurvey, formatDate } from '@attain/shared-types';
import { type ReactNode, useEffect, useRef } from 'react';

/** A survey's heading, as its respondent sees it: its name, subtitle, course and year, closing date, introduction, and whether it is anonymous. */
export function SurveyHead({ survey }: { survey: PublicSurvey }) {
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
export function ThankYou({ text, children }: { text: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="public-thanks" aria-labelledby="thanks-title">
      <h1 id="thanks-title" tabIndex={-1} ref={heading}>
        Thank you
      </h1>
      <p className="public-text">{text}</p>
      {children}
    </section>
  );
}
