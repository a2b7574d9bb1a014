import { type AuditEntry, auditListRoute } from '@attain/shared-types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { call } from '../../app/api-client';
import { type Filters, qk } from '../../app/query-keys';
import { ACTION_LABELS, auditEntityLabel, auditEntityOptions, changeLine, useAuditText } from '../../components/entity/audit-text';
import { DateInput, datePattern } from '../../components/form/date-input';
import { LoadMore } from '../../components/entity/load-more';
import { formatDateTime, useLocale } from '../../lib/format/locale';
import { ResultTable } from '../../components/table/result-table';
import { EmailText } from '../../components/table/email-text';

/** The filters as typed: user e-mail, record type, and dates `YYYY-MM-DD` (typed in the campus's style or picked). */
interface AuditFilters {
  user: string;
  entity: string;
  from: string;
  to: string;
}
const NONE: AuditFilters = { user: '', entity: '', from: '', to: '' };

/** The query parameters of the filters, empty ones left out. */
const params = (f: AuditFilters): Filters => Object.fromEntries(Object.entries({ ...f, user: f.user.trim() }).filter(([, v]) => v !== ''));

/**
 * Utilities > Audit trail (campus administrators; group administrators reading): the campus's audit entries, newest
 * first (`GET /api/audit?user=&entity=&from=&to=`), filtered by user, record type and dates (both days included;
 * the server's default is the last 12 months). Filters apply on Search; Load more reads the next page. The table
 * exports to CSV and XLSX with each entry's changes as `field: old → new` lines.
 */
export function AuditTrailPage() {
  const locale = useLocale();
  const [draft, setDraft] = useState<AuditFilters>(NONE);
  const [applied, setApplied] = useState<Filters>({});
  const list = useInfiniteQuery({
    queryKey: qk.auditList(applied),
    queryFn: async ({ pageParam }) => call(auditListRoute, { query: { ...applied, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const { text, recordName } = useAuditText(rows);
  const ids = useId();
  const dateNotValid = (v: string) => v !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(v);
  const options = useMemo(() => [{ label: 'Every record type', value: '' }, ...auditEntityOptions()], []);
  const set = (k: keyof AuditFilters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    // A date still being typed is not sent: the field says how to finish it.
    if (dateNotValid(draft.from) || dateNotValid(draft.to)) return;
    setApplied(params(draft));
  };
  return (
    <section>
      <div className="page-head">
        <h2>Audit trail</h2>
      </div>
      <p className="hint">Who created, changed or deleted what, with each changed field's old and new value. Nobody can edit it.</p>
      <form className="filter-bar audit-filters" onSubmit={search} aria-label="Audit filters">
        <label>
          User (e-mail)
          <InputText value={draft.user} onChange={(e) => set('user')(e.target.value)} placeholder="name@college.edu" />
        </label>
        <label>
          Record type
          <Dropdown
            value={draft.entity}
            options={options}
            onChange={(e) => set('entity')(String(e.value ?? ''))}
            filter
            ariaLabel="Record type"
          />
        </label>
        {(['from', 'to'] as const).map((k) => (
          <span key={k} className="filter-field">
            <label htmlFor={`${ids}-${k}`}>{k === 'from' ? 'From' : 'To'}</label>
            <DateInput
              id={`${ids}-${k}`}
              className={dateNotValid(draft[k]) ? 'p-invalid' : ''}
              value={draft[k]}
              onChange={set(k)}
              onBlur={() => undefined}
              locale={locale}
            />
            {dateNotValid(draft[k]) ? <small className="p-error">Not a valid date: type it as {datePattern(locale)}</small> : null}
          </span>
        ))}
        <span className="filter-actions">
          <Button type="submit" label="Search" icon="pi pi-search" />
          <Button
            type="button"
            label="Clear"
            text
            onClick={() => {
              setDraft(NONE);
              setApplied({});
            }}
          />
        </span>
      </form>
      <ResultTable<AuditEntry>
        label="Audit trail"
        fileName="audit-trail"
        rows={rows}
        rowKey={(e) => e.id}
        empty={<p className="hint">{list.isPending ? 'Reading the audit trail…' : 'No entry matches these filters.'}</p>}
        columns={[
          { key: 'at', header: 'When', value: (e) => formatDateTime(e.at, locale) },
          { key: 'user', header: 'User', value: (e) => e.user, render: (e) => <EmailText value={e.user} />, wide: true },
          { key: 'action', header: 'Action', value: (e) => ACTION_LABELS[e.action] ?? e.action },
          { key: 'entity', header: 'Record type', value: (e) => auditEntityLabel(e.entity) },
          { key: 'record', header: 'Record', value: recordName },
          {
            key: 'changes',
            header: 'Changes',
            value: (e) =>
              [...e.changes.map((c) => changeLine(e.entity, c, text)), ...(e.truncated ? [`…and ${e.truncated} more`] : [])].join('\n'),
            render: (e) => (
              <ul className="audit-changes">
                {e.changes.slice(0, 5).map((c) => (
                  <li key={c.field}>{changeLine(e.entity, c, text)}</li>
                ))}
                {e.changes.length > 5 || e.truncated ? <li>{`…and ${e.changes.length - 5 + (e.truncated ?? 0)} more`}</li> : null}
              </ul>
            ),
            wide: true,
            sortable: false,
          },
        ]}
      />
      <LoadMore list={list} />
    </section>
  );
}
