import { RECIPIENT_STATUSES, type SurveyInvitee, isOneOf } from '@attain/shared-types';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { StatusTag } from '../../lib/format/delivery-status-tag';
import { formatDate, formatDateTime, formatNumber, useLocale } from '../../lib/format/locale';
import { ResponsiveTable, type TableColumn } from '../../components/table/responsive-table';
import { EmailText } from '../../components/table/email-text';

/** Where an invitee came from, in words: `Students`, or the stakeholder group. */
const sourceText = (i: SurveyInvitee): string => (i.source === 'Students' ? 'Students' : (i.group ?? 'Stakeholder'));

/**
 * The people invited to a survey, searchable by name or e-mail: where they came from, when they were invited, the
 * reminders sent (and the last), the delivery of their latest mail as a tag like Send Mail's receipts, and whether
 * they answered (and when, unless the survey is anonymous).
 */
export function InviteesTable({ invitees }: { invitees: readonly SurveyInvitee[] }) {
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () => (q ? invitees.filter((i) => i.name.toLowerCase().includes(q) || i.email.toLowerCase().includes(q)) : invitees),
    [invitees, q],
  );
  const columns: TableColumn<SurveyInvitee>[] = [
    { key: 'name', header: 'Name', value: (i) => i.name, priority: 1 },
    { key: 'email', header: 'Email', value: (i) => i.email, render: (i) => <EmailText value={i.email} />, priority: 2, wide: true },
    { key: 'source', header: 'Source / group', value: sourceText, priority: 2 },
    { key: 'invited_at', header: 'Invited on', value: (i) => i.invited_at, render: (i) => formatDate(i.invited_at, locale), priority: 2 },
    {
      key: 'reminders',
      header: 'Reminders',
      value: (i) => i.reminders,
      render: (i) => (i.reminders && i.reminded_at ? `${i.reminders} (last ${formatDate(i.reminded_at, locale)})` : String(i.reminders)),
      priority: 3,
    },
    {
      key: 'mail_status',
      header: 'Delivery',
      value: (i) => i.mail_status ?? '',
      render: (i) => (isOneOf(RECIPIENT_STATUSES, i.mail_status) ? <StatusTag status={i.mail_status} /> : null),
      priority: 2,
    },
    {
      key: 'responded',
      header: 'Responded',
      value: (i) => (i.responded ? 'Yes' : 'No'),
      render: (i) => (
        <span className={i.responded ? 'responded-yes' : 'responded-no'}>
          {i.responded ? (i.responded_at ? `Yes, ${formatDateTime(i.responded_at, locale)}` : 'Yes') : 'No'}
        </span>
      ),
      priority: 2,
    },
  ];
  return (
    <>
      <div className="table-search">
        <InputText aria-label="Search invitees" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <span className="row-count" aria-live="polite">
          {`${formatNumber(shown.length, locale)} of ${formatNumber(invitees.length, locale)}`}
        </span>
      </div>
      <ResponsiveTable<SurveyInvitee>
        label="Invitees"
        rows={shown}
        rowKey={(i) => i.id}
        columns={columns}
        empty={<p className="hint">{invitees.length ? 'Nobody matches this search.' : 'Nobody is invited yet.'}</p>}
      />
    </>
  );
}
