import {
  type CampusLocale,
  type CampusScope,
  DEFAULT_LOCALE,
  type ReportCell,
  type ReportColumn,
  type ReportSection,
  type ReportTable,
  type ReportView,
  organization,
  reportByApi,
} from '@attain/shared-types';
import { findRecord } from '../../platform/store/records.js';

/**
 * The whole answer of a report: its title (the catalogue's label of `api`), what was asked (`context`), its sections
 * and, when there are none, `empty` saying what to add and where. `generated_at` is now (ISO-8601).
 */
export function reportView(api: string, context: string[], sections: ReportSection[], empty: string): ReportView {
  return {
    report: api,
    title: reportByApi(api)?.label ?? api,
    context,
    sections,
    ...(sections.length ? {} : { empty }),
    generated_at: new Date().toISOString(),
  };
}

/** A column: its key in the rows, its header as people read it and the unit of its numbers (`marks`, `hours`...). */
export const column = (key: string, label: string, unit?: string): ReportColumn => ({ key, label, ...(unit ? { unit } : {}) });

/** A table of a report (see `ReportTable`); `footer` and `notes` are left out when empty. */
export function reportTable(
  id: string,
  title: string,
  columns: ReportColumn[],
  rows: Record<string, ReportCell>[],
  extra: { footer?: Record<string, ReportCell>[]; notes?: string[] } = {},
): ReportTable {
  return {
    id,
    title,
    columns,
    rows,
    ...(extra.footer?.length ? { footer: extra.footer } : {}),
    ...(extra.notes?.length ? { notes: extra.notes } : {}),
  };
}

/** How the campus writes dates and numbers (its organization's `locale`; en-IN when not set). One GetItem. */
export async function campusLocale(scope: CampusScope): Promise<CampusLocale> {
  return (await findRecord(scope, organization, scope.campus))?.locale ?? DEFAULT_LOCALE;
}
