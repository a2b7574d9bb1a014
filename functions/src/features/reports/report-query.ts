import { type ReportPicker, MAPPING_OPTIONS, MAP_STATES, type MapState, type MappingOption, isOneOf } from '@attain/shared-types';

/**
 * What a report was asked for (`GET /api/reports/{api}?...`), checked by its contract: ids as sent (at most 64
 * characters; a wrong or another campus's id finds nothing and the builder answers 404 for it), `option` and
 * `map_state` as the spec's choices (`option` All by default; `map_state` absent = the program's articulation rule),
 * `year` an academic year (`2025-26`).
 */
export interface ReportQuery {
  department?: string;
  user?: string;
  curriculum?: string;
  term?: string;
  course?: string;
  option: MappingOption;
  map_state?: MapState;
  year?: string;
}

/**
 * The pickers of a report as its builder reads them, from the query its contract checked (`reportRoute`): ids trimmed,
 * blanks absent, `option` All when not chosen.
 */
export function reportQuery(q: Readonly<Record<string, string | undefined>>): ReportQuery {
  const given = (name: ReportPicker) => q[name]?.trim() || undefined;
  const option = given('option');
  const mapState = given('map_state');
  return {
    department: given('department'),
    user: given('user'),
    curriculum: given('curriculum'),
    term: given('term'),
    course: given('course'),
    option: option && isOneOf(MAPPING_OPTIONS, option) ? option : 'All',
    ...(mapState && isOneOf(MAP_STATES, mapState) ? { map_state: mapState } : {}),
    year: given('year'),
  };
}
