import { useAtomValue } from 'jotai';
import { campusAtom } from '../../app/campus-choice';
import { useChooseCampus } from './choose-campus';
import { useGroupCampuses } from './api';

/**
 * The banner's campus picker of a group administrator: "All campuses" or one campus of the group, whose
 * records every page then reads (read-only). A campus chosen by a link (`?campus=`) shows even before the group's
 * list is read.
 */
export function CampusPicker() {
  const campus = useAtomValue(campusAtom);
  const choose = useChooseCampus();
  const campuses = useGroupCampuses().data?.campuses ?? [];
  const listed = !campus || campuses.some((c) => c.id === campus);
  return (
    <label className="campus-picker">
      <span>Campus</span>
      <select value={campus ?? ''} onChange={(e) => void choose(e.target.value || null)}>
        <option value="">All campuses</option>
        {campuses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.status === 'Disabled' ? `${c.name} (disabled)` : c.name}
          </option>
        ))}
        {listed ? null : <option value={campus}>{campus}</option>}
      </select>
    </label>
  );
}
