import { type CampusLocale, type FieldDef, choiceLabel } from '@attain/shared-types';
import { formatDate } from './locale';

/**
 * What people see for value `v` of field `fd` (not a reference: those need the referenced record): choices in
 * words (several joined by commas), dates in the campus's format, Yes/No (Active/Inactive for `status`), rich text
 * without its tags, lists and files as a count ("2 entries", "1 file"); '' when there is no value.
 */
export function fieldText(fd: FieldDef | undefined, v: unknown, locale: CampusLocale): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'enum') return choiceLabel(fd, v);
  if (fd?.kind === 'date' && typeof v === 'string') return formatDate(v, locale);
  if (fd?.kind === 'boolean') return v ? (fd.name === 'status' ? 'Active' : 'Yes') : fd.name === 'status' ? 'Inactive' : 'No';
  if (fd?.kind === 'html') return String(v).replace(/<[^>]*>/g, ' ');
  if (fd?.kind === 'multi' && Array.isArray(v)) return v.map((c) => choiceLabel(fd, c)).join(', ');
  if ((fd?.kind === 'list' || fd?.kind === 'files') && Array.isArray(v)) {
    const noun = fd.kind === 'files' ? 'file' : 'entry';
    return v.length ? `${v.length} ${v.length === 1 ? noun : noun === 'file' ? 'files' : 'entries'}` : '';
  }
  if (fd?.kind === 'file') return v ? 'Photo' : '';
  return String(v);
}
