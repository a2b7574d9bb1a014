import { program } from '@attain/shared-types';
import { Pick } from '../areas/pick';
import { useParam } from '../areas/use-param';
import { useListQuery } from './list-cache';
import { loadMoreFooter } from './load-more';

/**
 * The program picker kept in the address (`?program=`; the first program listed until one is chosen): the campus's
 * programs as the pickers share them (first page, "Load more" in the panel).
 * @returns the chosen program's id and record (once listed), and the picker
 */
export function useProgramPicker() {
  const programs = useListQuery(program, {});
  const [chosen, setChosen] = useParam('program');
  const programId = chosen ?? programs.rows[0]?.id;
  const picker = (
    <Pick
      id="pick-program"
      label="Program"
      value={programId}
      options={programs.rows.map((p) => ({ value: p.id, label: p.title }))}
      footer={loadMoreFooter(programs)}
      onChange={setChosen}
    />
  );
  return { programId, record: programs.rows.find((p) => p.id === programId), picker };
}
