import type { MyCourseOutcome, MyCourseResult, MyOccasion, MyResultsView } from '@attain/shared-types';
import { Pick } from '../../components/areas/pick';
import { useParam } from '../../components/areas/use-param';
import { formatDate, formatNumber, useLocale } from '../../lib/format/locale';
import { Link } from 'react-router-dom';
import { useMyResults, useMySurveys } from './api';

/** A percent as people read it (`72.5 %`), or "not assessed". */
const percentText = (v: number | null, locale: ReturnType<typeof useLocale>) =>
  v === null ? 'not assessed' : `${formatNumber(v, locale)} %`;

/** The class's ten-bin distribution of a CO's percents as small bars, the student's own bin marked (counts only). */
function ClassBins({ co }: { co: MyCourseOutcome }) {
  const most = Math.max(1, ...co.class_bins);
  const mine = co.percent === null ? -1 : Math.min(9, Math.floor(co.percent / 10));
  const words = co.class_bins.map((n, i) => `${i * 10}-${i === 9 ? 100 : i * 10 + 9.99} %: ${n}`).join(', ');
  return (
    <div className="class-bins" role="img" aria-label={`The class's percents of ${co.code}, students per band: ${words}`}>
      {co.class_bins.map((n, i) => (
        <span key={i} className={`bin${i === mine ? ' mine' : ''}`} style={{ height: `${Math.round((n / most) * 100)}%` }} />
      ))}
    </div>
  );
}

/** One CO: the student's percent against the course's target, and the class's counts beside it. */
function OutcomeRow({ co, threshold }: { co: MyCourseOutcome; threshold: number }) {
  const locale = useLocale();
  const state = co.reached === null ? 'none' : co.reached ? 'reached' : 'below';
  return (
    <li className={`my-co ${state}`}>
      <div className="my-co-head">
        <strong>{co.code}</strong>
        <span className="my-co-percent">{percentText(co.percent, locale)}</span>
      </div>
      <p className="my-co-statement">{co.statement}</p>
      <div className="my-co-bar" aria-hidden>
        <span className="fill" style={{ width: `${co.percent ?? 0}%` }} />
        <span className="target" style={{ left: `${threshold}%` }} />
      </div>
      <p className="my-co-verdict">
        {co.reached === null
          ? 'Not assessed yet'
          : co.reached
            ? `Reached the target of ${formatNumber(threshold, locale)} %`
            : `Below the target of ${formatNumber(threshold, locale)} %`}
        {' · '}
        {`Class: ${co.class_reached} of ${co.class_students} reached it`}
      </p>
      {co.class_bins.length ? <ClassBins co={co} /> : null}
    </li>
  );
}

/** One occasion's paper with the student's marks on each question. */
function OccasionMarks({ o }: { o: MyOccasion }) {
  const locale = useLocale();
  const got = o.questions.reduce((sum, q) => sum + (q.marks ?? 0), 0);
  const out = o.questions.reduce((sum, q) => sum + q.max_marks, 0);
  return (
    <details className="my-occasion">
      <summary>
        <span>
          {o.name}
          {o.held_on ? <span className="muted"> · {formatDate(o.held_on, locale)}</span> : null}
        </span>
        <span>{o.absent ? 'Absent' : `${formatNumber(got, locale)} / ${formatNumber(out, locale)}`}</span>
      </summary>
      {o.absent ? (
        <p className="hint">You were marked absent.</p>
      ) : (
        <table className="my-marks">
          <caption className="visually-hidden">Your marks in {o.name}, by question</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">CO</th>
              <th scope="col">Marks</th>
            </tr>
          </thead>
          <tbody>
            {o.questions.map((q) => (
              <tr key={q.number}>
                <th scope="row">Q{q.number}</th>
                <td>{q.co_code ?? '—'}</td>
                <td>
                  {q.marks === null
                    ? `— / ${formatNumber(q.max_marks, locale)}`
                    : `${formatNumber(q.marks, locale)} / ${formatNumber(q.max_marks, locale)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/** One course: its COs (the student's attainment), the improvement plan's actions for them, their marks. */
function CourseCard({ c }: { c: MyCourseResult }) {
  const locale = useLocale();
  const headingId = `course-${c.course.id}`;
  const assessed = c.cos.filter((co) => co.reached !== null);
  return (
    <section className="my-course" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {c.course.code}
        {c.course.title && c.course.title !== c.course.code ? ` ${c.course.title}` : ''}
      </h2>
      <p className="my-course-summary">
        {`You reached ${assessed.filter((co) => co.reached).length} of ${assessed.length} course outcomes assessed.`}
      </p>
      <p className="hint">
        A CO is reached when your marks on its questions come to {formatNumber(c.threshold, locale)} % or more (CIE and SEE combined by the
        course&apos;s weightage: the program&apos;s attainment method; the line on each bar). The small bars are the class: how many
        students scored 0-10 %, 10-20 % ... 90-100 % of that CO, your band the dark one.
      </p>
      <ul className="my-cos" aria-label={`Your course outcomes in ${c.course.code}`}>
        {c.cos.map((co) => (
          <OutcomeRow key={co.id} co={co} threshold={c.threshold} />
        ))}
      </ul>
      {c.actions.length ? (
        <div className="my-actions">
          <h3>What your teachers plan with you</h3>
          <ul>
            {c.actions.map((a) => (
              <li key={a.co}>
                <strong>{a.co_code}</strong>: {a.action} <span className="muted">({a.status})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3>Your marks</h3>
      {c.occasions.map((o) => (
        <OccasionMarks key={o.id} o={o} />
      ))}
    </section>
  );
}

/** The caption of the year shown, in the student's words. */
const yearCaption = (v: MyResultsView) =>
  v.year_choice.reason === 'course'
    ? `${v.year_choice.year}: your newest year with marks (current academic year ${v.year_choice.current})`
    : v.year_choice.text;

/** A line inviting the student to the course-exit surveys they have not answered, when there are any. */
function SurveysToAnswer() {
  const { data } = useMySurveys();
  const open = (data ?? []).filter((s) => !s.answered).length;
  if (!open) return null;
  return (
    <p className="my-survey-call" role="status">
      {open === 1 ? 'One course exit survey is waiting for your answers: ' : `${open} course exit surveys are waiting for your answers: `}
      <Link to="/me/surveys">answer {open === 1 ? 'it' : 'them'}</Link>
    </p>
  );
}

/**
 * A student's own page (`/me`, phone first): who they are on the roster, the academic year (a picker when they have
 * marks in more than one), and each course of theirs that year with their CO attainment against the course's target,
 * the class's counts (no other student's value), the improvement plan's actions for them and their marks.
 */
export default function MyResultsPage() {
  const [year, setYear] = useParam('year');
  const { data, error, isPending } = useMyResults(year);
  if (isPending) return <p className="muted">Loading your results…</p>;
  if (error || !data) return <p role="alert">{error?.message ?? 'Your results could not be read'}</p>;
  return (
    <div className="my-results">
      <header className="my-results-head">
        <h2 className="my-name">{data.student.name}</h2>
        <p className="muted">
          Roll number {data.student.roll_no} · Section {data.student.section}
        </p>
        {data.years.length > 1 ? (
          <Pick
            id="pick-my-year"
            label="Academic year"
            value={data.year_choice.year}
            options={data.years.map((y) => ({ value: y, label: y }))}
            onChange={setYear}
          />
        ) : null}
        <p className="year-caption">{yearCaption(data)}</p>
      </header>
      <SurveysToAnswer />
      {data.courses.length ? (
        data.courses.map((c) => <CourseCard key={c.course.id} c={c} />)
      ) : (
        <p className="hint">No marks of yours have been entered for {data.year_choice.year} yet.</p>
      )}
    </div>
  );
}
