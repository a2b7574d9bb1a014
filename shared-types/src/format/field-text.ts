import type { CampusLocale } from '../entities/choices.js';
import { type FieldDef, choiceLabel } from '../registry/field.js';
import { listTable } from './list-table.js';
import { formatDate } from './locale-format.js';

/**
 * What people see for value `v` of field `fd` (not a reference: those need the referenced record, see
 * `fieldRefLabel`): choices in words, dates in the campus's format, Yes/No (Active/Inactive for `status`), rich text
 * without its tags, several choices joined by commas, files by their names, a list of small records as one line per
 * item (`Label: value, Label: value`, items joined by `; `); '' when there is no value. The pages and the server's documents (the faculty CV) share it.
 */
export function fieldText(fd: FieldDef | undefined, v: unknown, locale: CampusLocale): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'multi' && Array.isArray(v)) return v.map((c) => choiceLabel(fd, c)).join(', ');
  // Files by their names; a photo is only said to be there.
  if (fd?.kind === 'files' && Array.isArray(v)) return v.map((x) => String((x as { name?: unknown }).name ?? '')).join(', ');
  if (fd?.kind === 'file') return v ? 'Photo' : '';
  if (Array.isArray(v)) {
    const t = listTable(fd, v, locale, fieldText);
    return t
      ? t.rows
          .map((r) =>
            r
              .map((cell, i) => (cell && t.header[i] ? `${t.header[i]}: ${cell}` : cell))
              .filter(Boolean)
              .join(', '),
          )
          .join('; ')
      : '';
  }
  if (fd?.kind === 'enum') return choiceLabel(fd, v);
  if (fd?.kind === 'date' && typeof v === 'string') return formatDate(v, locale);
  if (fd?.kind === 'boolean') return v ? (fd.name === 'status' ? 'Active' : 'Yes') : fd.name === 'status' ? 'Inactive' : 'No';
  if (fd?.kind === 'html') return String(v).replace(/<[^>]*>/g, ' ');
  if (typeof v === 'object') return listTable(fd, [v], locale, fieldText)?.rows[0]?.filter(Boolean).join(', ') ?? '';
  return String(v);
}
