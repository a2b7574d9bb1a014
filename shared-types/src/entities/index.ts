import type { EntityDef } from '../registry/entity.js';
import { bloomDomain } from './bloom-domain.js';
import { bloomLevel } from './bloom-level.js';
import { department } from './department.js';
import { genericProgramOutcome } from './generic-program-outcome.js';
import { organization } from './organization.js';
import { profile } from './profile.js';

export { bloomDomain, bloomLevel, department, genericProgramOutcome, organization, profile };

/** Every entity served by the generic CRUD router (the profile has its own `/api/auth/profile` routes). */
export const CRUD_ENTITIES: readonly EntityDef[] = [organization, department, bloomDomain, bloomLevel, genericProgramOutcome];

/** All registry entities, by name. */
export const ENTITIES: Readonly<Record<string, EntityDef>> = Object.fromEntries(
  [...CRUD_ENTITIES, profile].map((e) => [e.name, e]),
);

/** Looks an entity up by registry name; throws when the name is unknown (a programming error). */
export function entity(name: string): EntityDef {
  const e = ENTITIES[name];
  if (!e) throw new Error(`Unknown entity ${name}`);
  return e;
}
