import {
  REPORT_PICKER_NAMES,
  type ReportPicker,
  MAPPING_OPTIONS,
  MAP_STATES,
  type MapState,
  type MappingOption,
  type ReportEntry,
  isAcademicYear,
  isOneOf,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';

/**
 * What a report was asked for (`GET /api/reports/{api}?...`), checked: ids as sent (at most 64 characters; a wrong or
 * another campus's id finds nothing and the builder answers 404 for it), `option` and `map_state` as the spec's
 * choices (`option` All by default; `map_state` absent = the program's articulation rule), `year` an academic year
 * (`2025-26`).
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
 * Reads and checks the pickers of `entry` from a query. Throws `HttpError` 400 naming each field when a required
 * picker is missing (`Required`) or a choice is not one of the spec's (`Choose POs, PSOs or All`).
 */
export function reportQuery(entry: ReportEntry, q: (name: string) => string | undefined): ReportQuery {
  const fields: Record<string, string> = {};
  const id = (name: string) => q(name)?.trim().slice(0, 64) || undefined;
  const query: ReportQuery = {
    department: id('department'),
    user: id('user'),
    curriculum: id('curriculum'),
    term: id('term'),
    course: id('course'),
    option: 'All',
    year: id('year'),
  };
  const option = q('option');
  if (option !== undefined && option !== '') {
    if (isOneOf(MAPPING_OPTIONS, option)) query.option = option;
    else fields.option = 'Choose POs, PSOs or All';
  }
  const mapState = q('map_state');
  if (mapState !== undefined && mapState !== '') {
    if (isOneOf(MAP_STATES, mapState)) query.map_state = mapState;
    else fields.map_state = 'Choose Highest or Average';
  }
  if (query.year && !isAcademicYear(query.year)) fields.year = 'Write it as 2025-26';
  for (const p of entry.required) if (!query[p as keyof ReportQuery]) fields[p] = 'Required';
  if (Object.keys(fields).length) {
    const names = Object.keys(fields).map((k) => REPORT_PICKER_NAMES[k as ReportPicker] ?? k);
    throw new HttpError(400, `Check the ${names.join(', ')} of the ${entry.label} report`, fields);
  }
  return query;
}
