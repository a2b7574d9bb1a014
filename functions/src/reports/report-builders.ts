import type { CampusScope, ReportView } from '@attain/shared-types';
import type { ReportQuery } from './report-query.js';

/**
 * Builds one report of the catalogue for a campus (`REPORTS` in shared-types): reads what it needs from the campus's
 * records and answers the `ReportView`. Throws `HttpError` 404 when a picked id is not the campus's.
 */
export type ReportBuilder = (scope: CampusScope, query: ReportQuery) => Promise<ReportView>;

/** The builder of each report, by its API name (`REPORTS[].api`). */
export const REPORT_BUILDERS: Readonly<Record<string, ReportBuilder>> = {};
