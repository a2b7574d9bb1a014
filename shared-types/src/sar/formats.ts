import { GAPC_2025 } from './gapc-2025.js';
import type { SarFormatDef, SarTableDef } from './sar-format.js';
import { TIER1_2016 } from './tier1-2016.js';
import { TIER2_2015 } from './tier2-2015.js';

/** Every SAR format a program can follow, in the order a program's form lists them. Add a format here. */
export const SAR_FORMAT_DEFS: readonly SarFormatDef[] = [TIER2_2015, TIER1_2016, GAPC_2025];

/** The format a program's `sar_version` names; the 2025 format when none or an unknown one is stored. */
export function sarFormatDef(id: string | null | undefined): SarFormatDef {
  return SAR_FORMAT_DEFS.find((f) => f.id === id) ?? GAPC_2025;
}

/** The tables NBA asks for with item `number` of format `id` (none for an item without tables or not of the format). */
export function sarItemTables(id: string | null | undefined, number: string | null | undefined): readonly SarTableDef[] {
  for (const c of sarFormatDef(id).criteria) for (const i of c.items) if (i.number === number) return i.tables ?? [];
  return [];
}
