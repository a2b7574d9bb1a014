import { type CampusLocale } from '@attain/shared-types';
import { Calendar } from 'primereact/calendar';
import { calendarDateFormat } from '../../lib/format/locale';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** How a date is typed in `locale`, as the input's placeholder says it: `dd/mm/yyyy`, or `mm/dd/yyyy` in the US. */
export const datePattern = (locale: CampusLocale): string => (locale === 'en-US' ? 'mm/dd/yyyy' : 'dd/mm/yyyy');

/**
 * A calendar day typed as the campus writes it (`dd/mm/yyyy` by default) or picked from the calendar (its button).
 * Text that is not a date yet is kept as typed (PrimeReact's `keepInvalid`), while typing and after the field is left,
 * so nothing typed is cleared under the cursor; the form's check then says how to finish it.
 * @param value an ISO day (`2026-09-15`), '' for none, or text typed that is not a date yet
 * @param onChange an ISO day, '' when emptied, or the text as typed when it is not a date
 */
export function DateInput(props: {
  id: string;
  className: string;
  value: unknown;
  onChange: (v: string) => void;
  onBlur: () => void;
  locale: CampusLocale;
}) {
  const { value } = props;
  const day = typeof value === 'string' && ISO_DAY.test(value) ? new Date(`${value}T00:00:00`) : null;
  // Text typed that is not a date yet is shown as typed (`keepInvalid`); PrimeReact's type names only a Date here.
  const shown = day ?? (typeof value === 'string' && value ? value : null);
  return (
    <Calendar
      inputId={props.id}
      className={props.className}
      value={shown as Date | null}
      dateFormat={calendarDateFormat(props.locale)}
      keepInvalid
      placeholder={datePattern(props.locale)}
      onChange={(e) => {
        const v: unknown = e.value;
        if (v instanceof Date) props.onChange(toIso(v));
        else props.onChange(typeof v === 'string' && /\d/.test(v) ? v : '');
      }}
      onBlur={props.onBlur}
      // The calendar opens from its button, not on focus: PrimeReact 10 moves the focus into the calendar when it
      // opens, which took the keys of a person typing the date.
      showOnFocus={false}
      showIcon
    />
  );
}
