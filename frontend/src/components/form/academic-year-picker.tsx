import { shiftAcademicYear } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { useCurrentAcademicYear } from '../../lib/format/academic-year';

/** How many years before the campus's current one the list offers (the SAR looks back three; older records exist). */
const YEARS_BACK = 7;

/**
 * An academic year picked from a list, never typed: the year after the campus's current one (CAY, from its start
 * month), the CAY, and the `YEARS_BACK` before it, newest first, plus the value held when it is older.
 * @param value an academic year (`2025-26`) or '' / null for none
 * @param onChange the year chosen, or null when cleared (`clearable`)
 */
export function AcademicYearPicker(props: {
  id: string;
  value: unknown;
  onChange: (v: string | null) => void;
  onBlur?: () => void;
  className?: string;
  placeholder?: string;
  clearable?: boolean;
}) {
  const current = useCurrentAcademicYear();
  const years = Array.from({ length: YEARS_BACK + 2 }, (_, i) => shiftAcademicYear(current, 1 - i));
  const held = typeof props.value === 'string' && props.value !== '' ? props.value : null;
  const options = held && !years.includes(held) ? [...years, held] : years;
  return (
    <Dropdown
      inputId={props.id}
      className={props.className}
      value={held}
      options={options}
      placeholder={props.placeholder ?? 'Choose a year'}
      showClear={props.clearable}
      onChange={(e) => props.onChange(typeof e.value === 'string' ? e.value : null)}
      onBlur={props.onBlur}
    />
  );
}
