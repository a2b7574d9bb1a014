import {
  type YearChoice,
  chosenYear,
  courseAttainmentRoute,
  improvementPlanRoute,
  nbaYearLabel,
  programAttainmentRoute,
  studentsAttainmentRoute,
  textOf,
} from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { useProgramPicker } from '../../components/entity/program-picker';

/** A level or percent with 2 decimals, or '-' when there is none. */
export const fmt = (n: number | null | undefined) => (n === null || n === undefined ? '-' : (Math.round(n * 100) / 100).toFixed(2));

import { Pick } from '../../components/areas/pick';
import { useParam } from '../../components/areas/use-param';

export { Pick, useParam };

/** How often a program view whose results are being computed again is read again (ms). */
const UPDATING_POLL_MS = 5000;

/**
 * An attainment view (`GET /api/attainment/<kind>/<id>?year=`, read by `read`), cached by `qk.attainmentView`; nothing
 * is read without an id. Saving marks, a matrix, a paper or a method marks every attainment view stale. A view that
 * lists courses as `updating` is read again every `UPDATING_POLL_MS` until none is.
 */
function useAttainmentView<T>(
  kind: 'course' | 'program' | 'students' | 'improvement-plan',
  id: string | undefined,
  year: string | undefined,
  read: (id: string) => Promise<{ data: T }>,
) {
  return useQuery({
    queryKey: qk.attainmentView(kind, id ?? '', year),
    queryFn: async () => (await read(id ?? '')).data,
    enabled: Boolean(id),
    refetchInterval: (q) => (isUpdating(q.state.data) ? UPDATING_POLL_MS : false),
  });
}

/** Whether a view lists courses whose results are being computed again. */
const isUpdating = (d: unknown): boolean =>
  typeof d === 'object' && d !== null && 'updating' in d && Array.isArray(d.updating) && d.updating.length > 0;

/**
 * The sentence a program page shows while some of its courses' results are being computed again after a change (a
 * method change recomputes every course in the background: the count falls as each is stored, read again every
 * `UPDATING_POLL_MS`), or null when none is.
 * @param total the program's courses with results, when known: the sentence then says how many of them are left
 */
export function updatingText(updating: readonly string[] | undefined, total?: number): string | null {
  if (!updating?.length) return null;
  const list = updating.length > 6 ? `${updating.slice(0, 6).join(', ')} and ${updating.length - 6} more` : updating.join(', ');
  if (total && total >= updating.length)
    return (
      `Updating: ${updating.length} of ${total} courses are being computed again after a change (${list}); ` +
      'the figures shown are the previous ones until then.'
    );
  return `Updating: the results of ${list} are being computed again after a change; the figures shown are the previous ones until then.`;
}

/** The distinct courses with results over a program's years (what `updatingText` counts against). */
export const coursesWithResults = (years: readonly { courses: readonly { course: string }[] }[] | undefined): number =>
  new Set((years ?? []).flatMap((y) => y.courses.map((c) => c.course))).size;

/**
 * The program picker (`?program=`, default the first program) and the program's attainment for every year. The year
 * shown is `?year=` when it has results, else the server's `year_choice` (the newest year with results, not after the
 * campus's current academic year); `choice` says which and why, for the caption. Years are labelled by NBA's names
 * relative to the current academic year (2025-26 in 2026-27 is CAYm1).
 */
export function useProgramAttainment() {
  // The programs the pickers share (first page; "Load more" in the picker reads on).
  const { programId, picker } = useProgramPicker();
  const [year, setYear] = useParam('year');
  const data =
    useAttainmentView('program', programId, undefined, (program) => call(programAttainmentRoute, { params: { program } })).data ?? null;
  const asked = data?.years.find((y) => y.academic_year === year);
  const chosen = data?.years.find((y) => y.academic_year === data.year_choice.year);
  // Results of undated occasions only: no academic year to choose, so the newest (undated) is shown.
  const current = asked ?? chosen ?? data?.years[0];
  const choice: YearChoice | undefined =
    data && asked && year ? chosenYear(year, data.year_choice.current) : chosen ? data?.year_choice : undefined;
  const pickers = (
    <>
      {picker}
      {data?.years.length ? (
        <Pick
          id="pick-year"
          label="Academic year"
          value={current?.academic_year}
          options={data.years.map((y) => {
            const year = textOf(y.academic_year);
            const nba = nbaYearLabel(year, data.year_choice.current);
            return { value: year, label: nba ? `${year} (${nba})` : year };
          })}
          onChange={setYear}
        />
      ) : null}
    </>
  );
  return { data, current, choice, pickers, programId };
}

/** The academic-year picker of a course page (`?year=`), shown when the course has marks in more than one year. */
export function YearPick({
  years,
  value,
  onChange,
}: {
  years: string[];
  value: string | null | undefined;
  onChange: (v: string | undefined) => void;
}) {
  if (years.length < 2) return null;
  return (
    <Pick
      id="pick-course-year"
      label="Academic year"
      value={value ?? undefined}
      options={years.map((y) => ({ value: y, label: y }))}
      onChange={onChange}
    />
  );
}

/** A course's attainment (`GET /api/attainment/course/{course}?year=`); null while it loads or without a course. */
export const useCourseAttainment = (course: string | undefined, year: string | undefined) =>
  useAttainmentView('course', course, year, (id) => call(courseAttainmentRoute, { params: { course: id }, query: { year } })).data ?? null;

/** Each student's attainment in a course (`GET /api/attainment/students/{course}?year=`); null while it loads. */
export const useStudentAttainment = (course: string | undefined, year: string | undefined) =>
  useAttainmentView('students', course, year, (id) => call(studentsAttainmentRoute, { params: { course: id }, query: { year } })).data ??
  null;

/** A course's improvement plan (`GET /api/attainment/improvement-plan/{course}?year=`), as a query. */
export const useImprovementPlan = (course: string | undefined, year: string | undefined) =>
  useAttainmentView('improvement-plan', course, year, (id) => call(improvementPlanRoute, { params: { course: id }, query: { year } }));

/**
 * The head of a one-course page: title (and an action), the curriculum -> term -> course pickers, the academic-year
 * picker once the data says which years have marks, and a hint until a course is chosen.
 */
export function CourseHead(p: {
  title: string;
  action?: ReactNode;
  picker: ReactNode;
  course: string | undefined;
  years?: string[];
  year?: string | null;
  onYear: (v: string | undefined) => void;
}) {
  return (
    <>
      <div className="page-head">
        <h2>{p.title}</h2>
        {p.action}
      </div>
      {p.picker}
      {p.years ? (
        <div className="filter-bar">
          <YearPick years={p.years} value={p.year} onChange={p.onYear} />
        </div>
      ) : null}
      {!p.course ? <p className="hint">Choose a curriculum, term and course.</p> : null}
    </>
  );
}

/** A level cell: the value with a class saying whether it meets the target. */
export const levelClass = (v: number | null | undefined, target: number | undefined) =>
  v === null || v === undefined || target === undefined ? undefined : v >= target ? 'meets' : 'below';
