import { courseOutcome } from '@attain/shared-types';
import { useSearchParams } from 'react-router-dom';
import { FilterBar } from '../entity/filter-bar';
import { useRefOptions } from '../entity/use-ref-options';

const PICKS = ['curriculum', 'term', 'course'] as const;

/** Curriculum -> term -> course pickers kept in the address (`?curriculum=&term=&course=`). @returns the chosen course id */
export function useCoursePicker() {
  const [params, setParams] = useSearchParams();
  const options = useRefOptions(courseOutcome, PICKS);
  const values = Object.fromEntries(PICKS.filter((k) => params.get(k)).map((k) => [k, params.get(k) as string]));
  const picker = <FilterBar def={courseOutcome} fields={PICKS} values={values} options={options} onChange={(v) => setParams(v, { replace: true })} />;
  return { course: values.course, picker, options };
}
