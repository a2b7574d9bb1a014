import { type StudentEngagementView, studentEngagementRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { formatNumber, useLocale } from '../../lib/format/locale';

/** How a course's students have taken up their own pages in a year (`GET /api/attainment/engagement/{course}?year=`). */
export function useStudentEngagement(course: string | undefined, year: string | undefined) {
  return useQuery({
    queryKey: qk.studentEngagement(course ?? '', year ?? ''),
    queryFn: async () => (await call(studentEngagementRoute, { params: { course: course ?? '' }, query: { year } }, { quiet: true })).data,
    enabled: Boolean(course && year),
  });
}

/** The sentences of the students' side: who opened their results, and each course-exit survey's answers. */
export function engagementText(v: StudentEngagementView, locale: ReturnType<typeof useLocale>): string[] {
  const n = (x: number) => formatNumber(x, locale);
  return [
    `${n(v.seen)} of ${n(v.students)} students have opened their results in Attain.`,
    ...v.surveys.map(
      (s) =>
        `${s.name} (${s.status.toLowerCase()}): ${n(s.responded)} of ${n(s.population)} answered` +
        // Two decimals, as the survey report and the host page show a response rate.
        (s.response_rate === null ? '.' : ` (${s.response_rate.toFixed(2)} %).`),
    ),
  ];
}

/**
 * The students' side of a course in a year, under its CO attainment (issue 43 item 5): how many of its students have
 * opened their own results, and how many answered each course-exit survey of the year, over the course's students.
 * Counts only; nothing shows for a course without students that year.
 */
export function StudentsSide({ course, year }: { course: string | undefined; year: string | undefined }) {
  const locale = useLocale();
  const { data } = useStudentEngagement(course, year);
  if (!data?.students) return null;
  return (
    <p className="hint" data-testid="students-side">
      <strong>Students&apos; side, {data.year}: </strong>
      {engagementText(data, locale).join(' ')}
    </p>
  );
}
