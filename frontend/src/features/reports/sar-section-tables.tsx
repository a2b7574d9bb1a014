import { SAR_VERSIONS, isAcademicYear, isOneOf, sarItemTables, sarTableRowsRoute, textOf } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useRef, useState } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import type { FieldInputOverride } from '../../components/entity/entity-form';
import { GridsField, type GridShape, gridTables, withTable } from '../../components/form/grids-field';

/**
 * The SAR section form's tables: NBA's tables for the chosen format and item (`sarItemTables`) as grids the team types
 * in. A table Attain can fill (question papers, the batches' named lists, FDPs, laboratories) has "Fill from Attain",
 * which reads the rows Attain holds for the program and report year and puts them in the grid only when the person
 * asks, asking first when rows are typed there already; the form is saved as usual.
 */
export const SarSectionTables: FieldInputOverride = ({ id, value, onChange, chosen }) => (
  <SectionTables id={id} value={value} onChange={onChange} chosen={chosen} />
);

/** The most rows a table holds (the server's `SECTION_TABLE_LIMITS.rows`). */
const MAX_ROWS = 300;

function SectionTables({ id, value, onChange, chosen }: Parameters<FieldInputOverride>[0]) {
  const queries = useQueryClient();
  const [said, setSaid] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // The form's value as it is now: rows typed while Attain's rows are read are kept, and asked about.
  const latest = useRef(value);
  latest.current = value;
  const format = textOf(chosen.sar_format);
  const item = textOf(chosen.item);
  const program = textOf(chosen.program);
  const year = textOf(chosen.academic_year);
  if (!isOneOf(SAR_VERSIONS, format) || !item)
    return <p className="hint">Choose the SAR format and the item to see NBA’s tables for it.</p>;
  const defs = sarItemTables(format, item);
  const ready = Boolean(program && isAcademicYear(year));
  const say = (title: string, text: string) => setSaid((now) => ({ ...now, [title]: text }));
  const fill = async (shape: GridShape) => {
    setBusy(shape.title);
    try {
      const view = await queries.fetchQuery({
        queryKey: qk.sarTableRows(program, format, year, item),
        queryFn: async () => (await call(sarTableRowsRoute, { params: { program }, query: { sar_format: format, year, item } })).data,
        staleTime: 0,
      });
      const found = view.tables.find((t) => t.title === shape.title);
      if (found?.withheld) return say(shape.title, found.withheld);
      if (!found?.rows.length) return say(shape.title, `Attain holds no rows for this table yet (${found?.source ?? 'nothing found'}).`);
      const rows = found.rows.slice(0, MAX_ROWS);
      const apply = () => {
        onChange(
          withTable(
            gridTables(latest.current),
            shape,
            rows,
            defs.map((d) => d.title),
          ),
        );
        const n = rows.length;
        const cut = found.rows.length > n ? ` (the first ${n} of ${found.rows.length}: a table holds at most ${MAX_ROWS})` : '';
        say(shape.title, `${n} ${n === 1 ? 'row' : 'rows'} filled in${cut}. Source: ${found.source}. Check them, then save.`);
      };
      const typed = gridTables(latest.current).find((t) => t.title === shape.title)?.rows.length ?? 0;
      if (!typed) return apply();
      confirmDialog({
        header: `Replace the rows of “${shape.title}”?`,
        message: `Replace the ${typed} rows typed here with the ${rows.length} rows Attain holds (${found.source})?`,
        acceptLabel: 'Replace',
        rejectLabel: 'Keep mine',
        defaultFocus: 'reject',
        accept: apply,
      });
    } catch (e) {
      say(shape.title, e instanceof Error ? e.message : 'Could not read the rows Attain holds');
    } finally {
      setBusy(null);
    }
  };
  return (
    <GridsField
      id={id}
      value={value}
      onChange={onChange}
      shapes={defs}
      maxRows={MAX_ROWS}
      extra={(shape) => {
        if (!defs.find((d) => d.title === shape.title)?.fill) return null;
        return (
          <div className="grid-fill">
            <Button
              type="button"
              size="small"
              text
              icon="pi pi-download"
              label="Fill from Attain"
              aria-label={`Fill ${shape.title} from Attain’s data`}
              disabled={!ready}
              loading={busy === shape.title}
              onClick={() => void fill(shape)}
            />
            {said[shape.title] ? (
              <small className="hint" role="status">
                {said[shape.title]}
              </small>
            ) : null}
          </div>
        );
      }}
    />
  );
}
