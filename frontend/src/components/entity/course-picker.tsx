import { courseOutcome } from '@attain/shared-types';
import { useSearchParams } from 'react-router-dom';
import { FilterBar } from './filter-bar';
import { presentParams } from '../../app/search-params';

const PICKS = ['curriculum', 'term', 'course'] as const;

/**
 * Curriculum -> term -> course pickers kept in the address (`?curriculum=&term=&course=`); the terms are the chosen
 * curriculum's and the courses the chosen term's, read from the server (`?curriculum=`, `?curriculum=&term=`).
 * @returns the chosen course id
 */
export function useCoursePicker() {
  const [params, setParams] = useSearchParams();
  const values = presentParams(params, PICKS);
  const picker = <FilterBar def={courseOutcome} fields={PICKS} values={values} onChange={(v) => setParams(v, { replace: true })} />;
  return { course: values.course, picker };
}
