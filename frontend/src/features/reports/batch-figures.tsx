import { type BatchFigureOffer, batchFiguresRoute, batchPerformance, isAcademicYear, textOf } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import type { EntityFormApi } from '../../components/entity/entity-form';

/** The label of a batch field, as its form shows it (`N: sanctioned intake`). */
const labelOf = (field: BatchFigureOffer['field']) => batchPerformance.fields.find((f) => f.name === field)?.label ?? field;

/**
 * In the batch form: the figures Attain already holds for the chosen program and entry year (the intake list, the
 * lateral entries, the students on a curriculum's roll), each with its source and a "Use" button. Nothing is put in
 * the form until the person chooses it, and a figure already in the form says so. `chosen` is the form's values over
 * the list's filters.
 */
export function BatchFigures({ form, chosen }: { form: EntityFormApi; chosen: Readonly<Record<string, unknown>> }) {
  const program = textOf(chosen.program);
  const year = isAcademicYear(textOf(chosen.entry_year)) ? textOf(chosen.entry_year) : '';
  const known = useQuery({
    queryKey: qk.batchFigures(program, year),
    queryFn: async () => (await call(batchFiguresRoute, { params: { program }, query: { entry_year: year } })).data,
    enabled: Boolean(program && year),
  });
  if (!program || !year) return <p className="hint">Choose the program and the entry year to see the figures Attain already holds.</p>;
  if (!known.data) return null;
  if (!known.data.offers.length)
    return <p className="hint">{`Attain holds no figures of the ${year} batch yet (the program's intake list, a curriculum's roll).`}</p>;
  return (
    <section className="known-figures" aria-label="Figures Attain already holds">
      <p className="hint">Figures Attain already holds for this batch. Nothing is filled in until you choose it.</p>
      <ul>
        {known.data.offers.map((o) => (
          <li key={`${o.field}-${o.source}`}>
            <span>{`${labelOf(o.field)}: ${o.value} (${o.source})`}</span>
            {chosen[o.field] === o.value ? (
              <span className="hint"> (in the form)</span>
            ) : (
              <Button
                type="button"
                label="Use"
                text
                size="small"
                aria-label={`Use ${o.value} for ${labelOf(o.field)}`}
                onClick={() => form.setValue(o.field, o.value, { shouldDirty: true, shouldValidate: true })}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
