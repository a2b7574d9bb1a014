import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { api } from '../app/api';
import { showPopup } from '../app/state';
import { useCoursePicker } from '../curriculum/course-picker';
import { CourseHead, fmt, useParam } from './attainment-data';
import { ResultTable } from './result-table';

interface Plan {
  year: string | null;
  years: string[];
  threshold: number;
  cos: { id: string; code: string }[];
  below: { student: string; roll_no: string; name: string; co: string; percent: number }[];
  actions: Record<string, { action: string; status: string }>;
  version: number;
  updated_by?: string;
  updated_at?: string;
}
const STATUSES = ['Planned', 'In progress', 'Done'] as const;

/**
 * `/attainment/student-improvement-plan`: for one course and year, every student below the threshold on a CO, with
 * the action recorded for each (remedial class, assignment, mentoring…) and its status; saved whole (stale: 409).
 */
export function ImprovementPlanPage() {
  const { course, picker } = useCoursePicker();
  const [year, setYear] = useParam('year');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [actions, setActions] = useState<Plan['actions']>({});
  const load = async (c: string, y?: string) => {
    const r = await api<{ data: Plan }>('GET', `/api/attainment/improvement-plan/${c}${y ? `?year=${y}` : ''}`);
    setPlan(r.data);
    setActions(r.data.actions);
  };
  useEffect(() => {
    setPlan(null);
    if (course) void load(course, year).catch(() => undefined);
  }, [course, year]);
  const save = async () => {
    if (!plan?.year || !course) return;
    const filled = Object.fromEntries(Object.entries(actions).filter(([, a]) => a.action.trim()));
    await api('PUT', `/api/attainment/improvement-plan/${course}`, { version: plan.version, year: plan.year, actions: filled });
    showPopup('success', 'successfully updated');
    await load(course, plan.year);
  };
  const code = (id: string) => plan?.cos.find((c) => c.id === id)?.code ?? '';
  const key = (r: Plan['below'][number]) => `${r.student}:${r.co}`;
  const set = (k: string, patch: Partial<{ action: string; status: string }>) => setActions((a) => ({ ...a, [k]: { ...(a[k] ?? { action: '', status: 'Planned' }), ...patch } }));
  return (
    <section>
      <CourseHead
        title="Student Improvement Plan"
        action={plan?.below.length ? <Button label="Save plan" icon="pi pi-check" onClick={() => void save()} /> : null}
        picker={picker}
        course={course}
        years={plan?.years}
        year={plan?.year}
        onYear={setYear}
      />
      {plan ? (
        <>
          <p className="hint">
            {plan.below.length} student-CO pairs below the threshold of {plan.threshold} %{plan.year ? ` in ${plan.year}` : ''}. {plan.updated_at ? `Last saved by ${plan.updated_by}.` : ''}
          </p>
          <ResultTable
            label="Students below the threshold"
            fileName={`improvement-plan-${plan.year ?? ''}`}
            rows={plan.below}
            empty="No student is below the threshold on any CO (or no marks are entered yet)."
            columns={[
              { header: 'Roll number', value: (r) => r.roll_no },
              { header: 'Name', value: (r) => r.name },
              { header: 'CO', value: (r) => code(r.co) },
              { header: 'Percent', value: (r) => fmt(r.percent), className: () => 'below' },
              {
                header: 'Action',
                value: (r) => actions[key(r)]?.action ?? '',
                render: (r) => <input className="plan-action" aria-label={`Action for ${r.roll_no} on ${code(r.co)}`} maxLength={500} value={actions[key(r)]?.action ?? ''} onChange={(e) => set(key(r), { action: e.target.value })} />,
              },
              {
                header: 'Status',
                value: (r) => actions[key(r)]?.status ?? '',
                render: (r) => (
                  <select className="qp-select" aria-label={`Status for ${r.roll_no} on ${code(r.co)}`} value={actions[key(r)]?.status ?? 'Planned'} onChange={(e) => set(key(r), { status: e.target.value })}>
                    {STATUSES.map((s) => (
                      <option key={s}>{s}</option>
                    ))}
                  </select>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
