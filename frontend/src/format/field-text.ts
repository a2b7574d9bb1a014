import { type CampusLocale, type FieldDef, choiceLabel } from '@attain/shared-types';
import { formatDate } from './locale';

/**
 * What people see for value `v` of field `fd` (not a reference: those need the referenced record): choices in
 * words, dates in the campus's format, Yes/No (Active/Inactive for `status`), rich text without its tags; '' when
 * there is no value.
 */
export function fieldText(fd: FieldDef | undefined, v: unknown, locale: CampusLocale): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'enum') return choiceLabel(fd, v);
  if (fd?.kind === 'date' && typeof v === 'string') return formatDate(v, locale);
  if (fd?.kind === 'boolean') return v ? (fd.name === 'status' ? 'Active' : 'Yes') : fd.name === 'status' ? 'Inactive' : 'No';
  if (fd?.kind === 'html') return String(v).replace(/<[^>]*>/g, ' ');
  return String(v);
}
