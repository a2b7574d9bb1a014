import { type EntityDef, type EntityRecord, ENTITIES, type ListResponse } from '@attain/shared-types';
import { useEffect, useState } from 'react';
import { api } from '../app/api';
import type { RefOption } from './field-input';

/** Loads the choices of every reference field of `def` (id -> display label), keyed by field name. */
export function useRefOptions(def: EntityDef): Record<string, RefOption[]> {
  const [options, setOptions] = useState<Record<string, RefOption[]>>({});
  useEffect(() => {
    let live = true;
    const refs = def.fields.filter((f) => f.kind === 'ref' && f.ref && ENTITIES[f.ref]);
    void Promise.all(
      refs.map(async (f) => {
        const target = ENTITIES[f.ref as string];
        const res = await api<ListResponse<EntityRecord>>('GET', target.path, undefined, { quiet: true }).catch(() => ({ data: [] as EntityRecord[] }));
        const shown = f.refLabel ?? target.display ?? 'name';
        return [f.name, res.data.map((r) => ({ value: r.id, label: String(r[shown] ?? r.id) }))] as const;
      }),
    ).then((pairs) => live && setOptions(Object.fromEntries(pairs)));
    return () => {
      live = false;
    };
  }, [def]);
  return options;
}
