import { type GridTable, SAR_VERSIONS, isAcademicYear, isOneOf, sarItemTables, sarTableRowsRoute, textOf } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import type { FieldInputOverride } from '../../components/entity/entity-form';
import { GridsField, type GridShape, gridTables } from '../../components/form/grids-field';

/**
 * The SAR section form's tables: NBA's tables for the chosen format and item (`sarItemTables`) as grids the team types
 * in. A table Attain can fill (question papers, the batches' named lists, FDPs, laboratories) has "Fill from Attain",
 * which reads the rows Attain holds for the program and report year and puts them in the grid only when the person
 * asks, asking first when rows are typed there already; the form is saved as usual.
 */
export const SarSectionTables: FieldInputOverride = ({ id, value, onChange, chosen }) => (
  <SectionTables id={id} value={value} onChange={onChange} chosen={chosen} />
);

function SectionTables({ id, value, onChange, chosen }: Parameters<FieldInputOverride>[0]) {
  const queries = useQueryClient();
  const [said, setSaid] = useState<Readonly<Record<string, string>>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const format = textOf(chosen.sar_format);
  const item = textOf(chosen.item);
  const program = textOf(chosen.program);
  const year = textOf(chosen.academic_year);
  if (!isOneOf(SAR_VERSIONS, format) || !item)
    return <p className="hint">Choose the SAR format and the item to see NBA’s tables for it.</p>;
  const defs = sarItemTables(format, item);
  const ready = Boolean(program && isAcademicYear(year));
  const put = (title: string, rows: string[][], columns: readonly string[]) =>
    onChange([...gridTables(value).filter((t) => t.title !== title), { title, columns: [...columns], rows } satisfies GridTable]);
  const fill = async (shape: GridShape, typed: number) => {
    setBusy(shape.title);
    try {
      const view = await queries.fetchQuery({
        queryKey: qk.sarTableRows(program, format, year, item),
        queryFn: async () => (await call(sarTableRowsRoute, { params: { program }, query: { sar_format: format, year, item } })).data,
        staleTime: 0,
      });
      const found = view.tables.find((t) => t.title === shape.title);
      if (!found?.rows.length) {
        setSaid({ ...said, [shape.title]: `Attain holds no rows for this table yet (${found?.source ?? 'nothing found'}).` });
        return;
      }
      const apply = () => {
        put(shape.title, found.rows, shape.columns);
        const n = found.rows.length;
        setSaid({ ...said, [shape.title]: `${n} ${n === 1 ? 'row' : 'rows'} filled in. Source: ${found.source}. Check them, then save.` });
      };
      if (!typed) return apply();
      confirmDialog({
        header: `Replace the rows of “${shape.title}”?`,
        message: `Replace the ${typed} rows typed here with the ${found.rows.length} rows Attain holds (${found.source})?`,
        acceptLabel: 'Replace',
        rejectLabel: 'Keep mine',
        defaultFocus: 'reject',
        accept: apply,
      });
    } catch (e) {
      setSaid({ ...said, [shape.title]: e instanceof Error ? e.message : 'Could not read the rows Attain holds' });
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
      extra={(shape, rows) => {
        const fillable = defs.find((d) => d.title === shape.title)?.fill;
        if (!fillable) return null;
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
              onClick={() => void fill(shape, rows.length)}
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
