import { bloomLevel, pickBloomLevel, refLabel, textOf } from '@attain/shared-types';
import { useEffect, useRef } from 'react';
import type { EntityFormApi } from '../../components/entity/entity-form';
import { useListQuery } from '../../components/entity/list-cache';

/**
 * In the course outcome form: a new CO's Bloom's level follows its statement's first word (its action verb, as the
 * course outcomes import reads it: `pickBloomLevel` over the campus's levels, "Construct ..." -> K3 Apply) until the
 * person chooses a level themselves; the line under it says which verb gave which level. An existing CO's level is
 * never changed by editing its statement. `chosen` is the form's values over the list's filters.
 */
export function BloomFromVerb({ form, chosen }: { form: EntityFormApi; chosen: Readonly<Record<string, unknown>> }) {
  const levels = useListQuery(bloomLevel, {}).rows;
  const statement = textOf(chosen.statement);
  const isNew = !textOf(form.formState.defaultValues?.statement);
  const picked = statement ? pickBloomLevel('', statement, levels) : undefined;
  // The person's choice: the level changed to something other than what was set from a verb (even back to the level
  // the form started with, carried from the CO saved before).
  const current = textOf(chosen.cognitive_domain);
  const auto = useRef<string | null>(null);
  const seen = useRef(current);
  const chosenByPerson = useRef(false);
  if (current !== seen.current) {
    if (current !== auto.current) chosenByPerson.current = true;
    seen.current = current;
  }
  const own = chosenByPerson.current || form.getFieldState('cognitive_domain').isDirty;
  useEffect(() => {
    if (!isNew || own || !picked || form.getValues('cognitive_domain') === picked.level.id) return;
    // Not marked as the person's change: a level they choose afterwards is theirs and stays.
    auto.current = picked.level.id;
    form.setValue('cognitive_domain', picked.level.id, { shouldDirty: false, shouldValidate: true });
  }, [form, isNew, own, picked]);
  if (!isNew) return null;
  const verb = statement.split(/\s+/)[0] ?? '';
  return (
    <p className="hint" aria-live="polite">
      {own
        ? "Bloom's level as you chose it."
        : picked
          ? `Bloom's level from the verb "${verb}": ${refLabel(bloomLevel, picked.level)}. Choose another if the outcome demands more.`
          : "Bloom's level follows the statement's first word (an action verb such as Explain, Apply, Analyse) until you choose one."}
    </p>
  );
}
