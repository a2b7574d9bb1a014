import { type ImprovementPlanView, PLAN_STATUSES, type PlanAction, isOneOf, saveImprovementPlanRoute } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { useCoursePicker } from '../../components/entity/course-picker';
import { CourseHead, fmt, useImprovementPlan, useParam } from './attainment-data';
import { ResultTable } from '../../components/table/result-table';

/**
 * `/attainment/student-improvement-plan`: for one course and year, every student below the threshold on a CO, with
 * the action recorded for each (remedial class, assignment, mentoring…) and its status; saved whole (stale: 409).
 */
export function ImprovementPlanPage() {
  const { course, picker } = useCoursePicker();
  const [year, setYear] = useParam('year');
  const plan = useImprovementPlan(course, year).data ?? null;
  const [actions, setActions] = useState<ImprovementPlanView['actions']>({});
  // The actions being edited start from what was read (again after a save, or for another course or year).
  useEffect(() => setActions(plan?.actions ?? {}), [plan]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { version: number; year: string; actions: Record<string, PlanAction> }) =>
      call(saveImprovementPlanRoute, { params: { course: course ?? '' }, body }),
    onSuccess: (res) => {
      // The saved plan replaces the cached one's actions and version; the students below the threshold are unchanged.
      queryClient.setQueryData<ImprovementPlanView>(qk.attainmentView('improvement-plan', course ?? '', year), (old) =>
        old
          ? {
              ...old,
              actions: res.data.actions,
              version: res.data.version,
              updated_by: res.data.updated_by,
              updated_at: res.data.updated_at,
            }
          : old,
      );
      showPopup('success', 'Improvement plan successfully updated');
    },
  });
  const submit = () => {
    if (!plan?.year || !course) return;
    const filled = Object.fromEntries(Object.entries(actions).filter(([, a]) => a.action.trim()));
    save.mutate({ version: plan.version, year: plan.year, actions: filled });
  };
  const code = (id: string) => plan?.cos.find((c) => c.id === id)?.code ?? '';
  const key = (r: ImprovementPlanView['below'][number]) => `${r.student}:${r.co}`;
  const set = (k: string, patch: Partial<PlanAction>) =>
    setActions((a) => ({ ...a, [k]: { ...(a[k] ?? { action: '', status: 'Planned' }), ...patch } }));
  return (
    <section>
      <CourseHead
        title="Student Improvement Plan"
        action={plan?.below.length ? <Button label="Save plan" icon="pi pi-check" onClick={submit} /> : null}
        picker={picker}
        course={course}
        years={plan?.years}
        year={plan?.year}
        onYear={setYear}
      />
      {plan ? (
        <>
          <p className="hint">
            {plan.below.length} student-CO pairs below the threshold of {plan.threshold} %{plan.year ? ` in ${plan.year}` : ''}.{' '}
            {plan.updated_at ? `Last saved by ${plan.updated_by}.` : ''}
          </p>
          <ResultTable
            label="Students below the threshold"
            fileName={`improvement-plan-${plan.year ?? ''}`}
            rows={plan.below}
            rowKey={key}
            empty="No student is below the threshold on any CO (or no marks are entered yet)."
            columns={[
              { header: 'Roll number', value: (r) => r.roll_no },
              { header: 'Name', value: (r) => r.name, wide: true },
              { header: 'CO', value: (r) => code(r.co) },
              { header: 'Percent', value: (r) => fmt(r.percent), className: () => 'below' },
              {
                header: 'Action',
                // Typed into: sorting by it would move the row being typed in.
                sortable: false,
                wide: true,
                value: (r) => actions[key(r)]?.action ?? '',
                render: (r) => (
                  <input
                    className="plan-action"
                    aria-label={`Action for ${r.roll_no} on ${code(r.co)}`}
                    maxLength={500}
                    value={actions[key(r)]?.action ?? ''}
                    onChange={(e) => set(key(r), { action: e.target.value })}
                  />
                ),
              },
              {
                header: 'Status',
                sortable: false,
                wide: true,
                value: (r) => actions[key(r)]?.status ?? '',
                render: (r) => (
                  <select
                    className="qp-select"
                    aria-label={`Status for ${r.roll_no} on ${code(r.co)}`}
                    value={actions[key(r)]?.status ?? 'Planned'}
                    onChange={(e) => {
                      const status = e.target.value;
                      if (isOneOf(PLAN_STATUSES, status)) set(key(r), { status });
                    }}
                  >
                    {PLAN_STATUSES.map((s) => (
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
