import type { RowError } from '@attain/shared-types';

/** Row-level problems; `where` names a row (default: the file's line number). */
export function RowErrors({ errors, where = (e) => `Row ${e.row}` }: { errors: RowError[]; where?: (e: RowError) => string }) {
  if (!errors.length) return null;
  return (
    <div className="import-errors" role="alert">
      <strong>
        {errors.length} problem{errors.length > 1 ? 's' : ''}; nothing was saved:
      </strong>
      <ul>
        {errors.slice(0, 200).map((e, i) => (
          <li key={i}>
            {where(e)}
            {e.field ? `, ${e.field}` : ''}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
