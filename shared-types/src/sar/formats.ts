import { GAPC_2025 } from './gapc-2025.js';
import type { SarCriterionDef, SarFormatDef, SarItemDef, SarTableDef } from './sar-format.js';
import { TIER1_2016 } from './tier1-2016.js';
import { TIER2_2015 } from './tier2-2015.js';

/** Every SAR format a program can follow, in the order a program's form lists them. Add a format here. */
export const SAR_FORMAT_DEFS: readonly SarFormatDef[] = [TIER2_2015, TIER1_2016, GAPC_2025];

/** The format a program's `sar_version` names; the 2025 format when none or an unknown one is stored. */
export function sarFormatDef(id: string | null | undefined): SarFormatDef {
  return SAR_FORMAT_DEFS.find((f) => f.id === id) ?? GAPC_2025;
}

/** Item `number` of format `id` (`sarFormatDef`) with its criterion; undefined when the format has no such item. */
export function sarItem(
  id: string | null | undefined,
  number: string | null | undefined,
): { criterion: SarCriterionDef; item: SarItemDef } | undefined {
  for (const criterion of sarFormatDef(id).criteria)
    for (const item of criterion.items) if (item.number === number) return { criterion, item };
  return undefined;
}

/** The tables NBA asks for with item `number` of format `id` (none for an item without tables or not of the format). */
export const sarItemTables = (id: string | null | undefined, number: string | null | undefined): readonly SarTableDef[] =>
  sarItem(id, number)?.item.tables ?? [];
