import { type EntityDef, type EntityRecord, ENTITIES, type ListResponse, MAX_PAGE_SIZE } from '@attain/shared-types';
import { useEffect, useState } from 'react';
import { api } from '../app/api';
import type { RefOption } from './field-input';

/** Every record at `path` (all pages of `MAX_PAGE_SIZE`). Quiet: a failure gives what was loaded. */
export async function loadAll(path: string, query = ''): Promise<EntityRecord[]> {
  const all: EntityRecord[] = [];
  let next: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: ListResponse<EntityRecord> = await api<ListResponse<EntityRecord>>(
      'GET',
      `${path}${sep}limit=${MAX_PAGE_SIZE}${query ? `&${query}` : ''}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
      undefined,
      { quiet: true },
    ).catch(() => ({ data: [] as EntityRecord[], next: null }));
    all.push(...res.data);
    next = res.next;
  } while (next);
  return all;
}

/** What people see for a referenced record: its display field, prefixed by its code when it has one. */
export function refLabel(target: EntityDef, r: EntityRecord, shown = target.display ?? 'name'): string {
  const main = String(r[shown] ?? r.id);
  return shown !== 'code' && r.code ? `${String(r.code)} ${main}` : main;
}

/** Cache of option lists per entity for the page's lifetime, so several fields share one load. */
const cache = new Map<string, Promise<EntityRecord[]>>();
/** Forgets cached options (after a write that changes what pickers offer). */
export function clearRefCache(name?: string): void {
  if (name) cache.delete(name);
  else cache.clear();
}
function records(target: EntityDef): Promise<EntityRecord[]> {
  let p = cache.get(target.name);
  if (!p) {
    p = loadAll(target.listPath ?? target.path);
    cache.set(target.name, p);
  }
  return p;
}

/**
 * Loads the choices of the given reference fields of `def` (default: all), keyed by field name. Each option
 * keeps its record so pickers can be narrowed (a course's terms, a curriculum's courses).
 */
export function useRefOptions(def: EntityDef, only?: readonly string[], version = 0): Record<string, RefOption[]> {
  const [options, setOptions] = useState<Record<string, RefOption[]>>({});
  // Callers pass `only` as a literal; its joined text is the stable dependency.
  const key = only?.join(',') ?? '';
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : undefined;
    const refs = def.fields.filter((f) => f.kind === 'ref' && f.ref && ENTITIES[f.ref] && (!wanted || wanted.includes(f.name)));
    void Promise.all(
      refs.map(async (f) => {
        const target = ENTITIES[f.ref as string];
        const rows = await records(target);
        return [f.name, rows.map((r) => ({ value: r.id, label: refLabel(target, r, f.refLabel ?? target.display ?? 'name'), record: r }))] as const;
      }),
    ).then((pairs) => live && setOptions(Object.fromEntries(pairs)));
    return () => {
      live = false;
    };
  }, [def, key, version]);
  return options;
}

/**
 * Narrows a picker's options to those consistent with the other chosen references: an option whose record has a
 * field named like a chosen reference must carry that value (terms of the chosen curriculum, courses of the
 * chosen term). Only keys in `refKeys` (reference fields) narrow.
 */
export function narrowOptions(options: RefOption[] | undefined, chosen: Record<string, unknown>, own: string, refKeys: readonly string[]): RefOption[] {
  const active = Object.entries(chosen).filter(([k, v]) => k !== own && refKeys.includes(k) && v !== undefined && v !== null && v !== '');
  return (options ?? []).filter((o) => active.every(([k, v]) => o.record?.[k] === undefined || o.record[k] === v));
}
