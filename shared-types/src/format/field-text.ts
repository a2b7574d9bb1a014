import type { CampusLocale } from '../entities/choices.js';
import { type FieldDef, choiceLabel } from '../registry/field.js';
import { listTable } from './list-table.js';
import { isPlainObject, textOf } from '../guards.js';
import { formatDate, formatNumber } from './locale-format.js';

/** How many addresses of an `emails` field a line of text shows before "+N more". */
export const EMAILS_SHOWN = 3;

/**
 * What people see for value `v` of field `fd` (not a reference: those need the referenced record, see
 * `fieldRefLabel`): choices in words, dates in the campus's format, Yes/No (Active/Inactive for `status`), rich text
 * without its tags, several choices joined by commas, files by their names, tables by their titles and rows, a list of small records as one line per
 * item (`Label: value, Label: value`, items joined by `; `), e-mail addresses joined by commas after the first
 * `EMAILS_SHOWN` only counted (`a@x.edu, b@x.edu, c@x.edu +1,997 more`); '' when there is no value. The pages and the
 * server's documents (the faculty CV) share it.
 */
export function fieldText(fd: FieldDef | undefined, v: unknown, locale: CampusLocale): string {
  if (v === undefined || v === null) return '';
  if (fd?.kind === 'multi' && Array.isArray(v)) return v.map((c) => choiceLabel(fd, c)).join(', ');
  // Files by their names; a photo is only said to be there.
  if (fd?.kind === 'files' && Array.isArray(v)) return v.map((x) => String((x as { name?: unknown }).name ?? '')).join(', ');
  if (fd?.kind === 'file') return v ? 'Photo' : '';
  if (fd?.kind === 'emails' && Array.isArray(v)) {
    const more = v.length - EMAILS_SHOWN;
    return `${v.slice(0, EMAILS_SHOWN).join(', ')}${more > 0 ? ` +${formatNumber(more, locale)} more` : ''}`;
  }
  // Tables by their titles and rows: `Laboratories (4 rows)`.
  if (fd?.kind === 'grids' && Array.isArray(v))
    return v
      .filter(isPlainObject)
      .map((t) => {
        const n = Array.isArray(t.rows) ? t.rows.length : 0;
        return `${textOf(t.title)} (${formatNumber(n, locale, 0)} ${n === 1 ? 'row' : 'rows'})`;
      })
      .join(', ');
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
