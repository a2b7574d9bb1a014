import { type AttainmentMethod, type CampusScope, DEFAULT_METHOD, attainmentMethod } from '@attain/shared-types';
import { queryByField } from '../../platform/store/records.js';

/** A program's method and its version (0 = the defaults, never saved). */
export interface MethodInUse {
  method: AttainmentMethod;
  version: number;
  id?: string;
}

/**
 * The program's saved methodology (its `attainment-method` record, whose fields are the method), or the documented
 * defaults (version 0) when it has none. One Query.
 */
export async function methodFor(scope: CampusScope, programId: string): Promise<MethodInUse> {
  const [rec] = await queryByField(scope, attainmentMethod, 'program', programId, 1);
  if (!rec) return { method: DEFAULT_METHOD, version: 0 };
  // Settings added after a method was saved read as their defaults, which keep its results unchanged.
  return { method: { ...DEFAULT_METHOD, ...rec }, version: rec.version, id: rec.id };
}
