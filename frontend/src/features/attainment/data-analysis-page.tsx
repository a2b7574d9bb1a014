import { useCoursePicker } from '../../components/entity/course-picker';
import { CourseHead, fmt, useParam, useStudentAttainment } from './attainment-data';
import { BarChart } from '../../components/chart/bar-chart';
import { ResultTable } from '../../components/table/result-table';

const BINS = ['0-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80-89', '90-100'];

/** Mean, median and standard deviation (population) of percents; null when there are none. */
function stats(values: number[]) {
  if (!values.length) return { n: 0, mean: null, median: null, sd: null };
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / s.length);
  return { n: s.length, mean, median, sd };
}

/**
 * `/attainment/data-analysis`: how students' marks spread on each CO of a course: a histogram of their CO percents
 * in 10-point bands, and per CO the count, mean, median, standard deviation and share at or above the threshold.
 */
export function DataAnalysisPage() {
  const { course, picker } = useCoursePicker();
  const [year, setYear] = useParam('year');
  const data = useStudentAttainment(course, year);
  const cos = data?.cos ?? [];
  const rows = cos.map((c) => {
    const values = (data?.students ?? []).map((s) => s.co[c.id]).filter((v): v is number => v !== null && v !== undefined);
    const bins = BINS.map(() => 0);
    for (const v of values) bins[Math.min(9, Math.floor(v / 10))]++;
    const reached = values.filter((v) => v >= (data?.threshold ?? 0)).length;
    return { co: c.code, bins, ...stats(values), reached: values.length ? (reached / values.length) * 100 : null };
  });
  return (
    <section>
      <CourseHead title="Data Analysis" picker={picker} course={course} years={data?.years} year={data?.year} onYear={setYear} />
      {data && data.students.length ? (
        <>
          <h3>Students by CO percent</h3>
          <BarChart
            label="Distribution of students' CO percents"
            labels={BINS.map((b) => `${b} %`)}
            series={rows.map((r) => ({ label: r.co, values: r.bins }))}
          />
          <ResultTable
            label="CO marks statistics"
            fileName={`co-marks-statistics-${data.year ?? ''}`}
            rows={rows}
            columns={[
              { header: 'CO', value: (r) => r.co },
              { header: 'Students', value: (r) => r.n },
              { header: 'Mean %', value: (r) => fmt(r.mean) },
              { header: 'Median %', value: (r) => fmt(r.median) },
              { header: 'Std. dev.', value: (r) => fmt(r.sd) },
              { header: `At or above ${data.threshold} %`, value: (r) => fmt(r.reached) },
              ...BINS.map((b, i) => ({ header: `${b} %`, value: (r: (typeof rows)[number]) => r.bins[i] })),
            ]}
          />
        </>
      ) : data ? (
        <p className="hint">No marks entered for this course yet.</p>
      ) : null}
    </section>
  );
}
