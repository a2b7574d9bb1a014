import type { RowError } from '@attain/shared-types';

/** A refused import's row problems (at most 200 shown), saying that nothing was written. */
export function ImportRowErrors({ rows }: { rows: readonly RowError[] }) {
  if (!rows.length) return null;
  return (
    <div className="import-errors" role="alert">
      <strong>Nothing was written. Fix these rows and load the file again:</strong>
      <ul>
        {rows.slice(0, 200).map((r, i) => (
          <li key={i}>
            Row {r.row}
            {r.field ? `, ${r.field}` : ''}: {r.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
