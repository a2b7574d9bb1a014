import type { StudentAttainment } from '@attain/shared-types';
import { useCoursePicker } from '../../components/entity/course-picker';
import { CourseHead, fmt, useParam, useStudentAttainment } from './attainment-data';
import { ResultTable } from '../../components/table/result-table';

/**
 * `/attainment/student-co-attainment` and `/attainment/student-po-attainment`: each student's percent of every CO
 * (CIE and SEE combined by the method's weights) or every PO/PSO (through the CO-PO matrix), with values under the
 * threshold marked.
 */
export function StudentAttainmentPage({ of }: { of: 'co' | 'po' }) {
  const { course, picker } = useCoursePicker();
  const [year, setYear] = useParam('year');
  const data = useStudentAttainment(course, year);
  const columns =
    of === 'co'
      ? (data?.cos ?? []).map((c) => ({ id: c.id, label: c.code }))
      : (data?.outcomes ?? [])
          .filter((o) => data?.students.some((s) => s.po[o.id] !== undefined))
          .map((o) => ({ id: o.id, label: o.reference }));
  const below = (v: number | null | undefined) => (v !== null && v !== undefined && data && v < data.threshold ? 'below' : undefined);
  const title = of === 'co' ? 'Student CO Attainment' : 'Student PO Attainment';
  return (
    <section>
      <CourseHead title={title} picker={picker} course={course} years={data?.years} year={data?.year} onYear={setYear} />
      {data ? (
        <>
          <p className="hint">
            Percent of the marks of each {of === 'co' ? 'CO' : 'PO/PSO (weighted by the CO-PO matrix)'}; below the threshold of{' '}
            {data.threshold} % is marked. {data.year ? `Academic year ${data.year}.` : ''}
          </p>
          <ResultTable<StudentAttainment>
            label={title}
            fileName={`${of}-attainment-by-student-${data.year ?? ''}`}
            rows={data.students}
            empty="No marks entered for this course yet."
            columns={[
              { header: 'Roll number', value: (s) => s.roll_no },
              { header: 'Name', value: (s) => s.name },
              ...columns.map((c) => ({
                header: c.label,
                value: (s: StudentAttainment) => fmt((of === 'co' ? s.co : s.po)[c.id]),
                className: (s: StudentAttainment) => below((of === 'co' ? s.co : s.po)[c.id]),
              })),
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
