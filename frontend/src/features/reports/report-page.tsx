import { type ReportEntry, reportRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { PrintButton } from './print-button';
import { ReportBody } from './report-body';
import { useReportPicks } from './report-pickers';

/**
 * The page of one report of the catalogue that has an API (`entry.api`): its title and purpose, a Print button, its
 * pickers (kept in the address), a sentence asking for the required ones until they are chosen, then the report
 * (`GET /api/reports/{api}?<pickers>`) drawn by `ReportBody`.
 */
export function ReportPage({ entry }: { entry: ReportEntry & { api: string } }) {
  const { values, ask, pickers } = useReportPicks(entry);
  const report = useQuery({
    queryKey: qk.report(entry.api, values),
    queryFn: async () => (await call(reportRoute(entry), { query: values })).data,
    enabled: !ask,
  });
  const view = ask ? undefined : report.data;
  return (
    <section className="report-page">
      <div className="page-head">
        <h2>{entry.label}</h2>
        <PrintButton disabled={!view} />
      </div>
      <p className="hint report-purpose">{entry.purpose}</p>
      {pickers}
      {ask ? <p className="hint report-ask">{ask}</p> : null}
      {!ask && report.error ? (
        <p className="field-error" role="alert">
          The report could not be read: {report.error instanceof ApiError ? report.error.detail : 'please try again'}
        </p>
      ) : null}
      {view ? <ReportBody view={view} /> : null}
    </section>
  );
}
