import { type SuppressedAddress, clearSuppressionRoute, suppressionListRoute } from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { formatDateTime, formatNumber, useLocale } from '../../lib/format/locale';
import { ResponsiveTable } from '../../components/table/responsive-table';

/** Why an address is on the list, in words. */
const REASONS: Readonly<Record<SuppressedAddress['reason'], string>> = { bounce: 'Bounced', complaint: 'Complained' };

/**
 * Utilities > Suppression list (campus administrators): the addresses this campus's mail skips because they bounced
 * permanently or complained (`GET /api/mail-suppression`), each with why, since when, SES's words and the mail that
 * put it there; Remove (after a question) takes one off (`DELETE /api/mail-suppression/{address}`), so later mail
 * goes to it again.
 */
export function SuppressionListPage() {
  const locale = useLocale();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: qk.suppression(),
    queryFn: async () => (await call(suppressionListRoute, {})).data,
  });
  const rows = list.data ?? [];
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const shown = q ? rows.filter((r) => r.address.includes(q) || (r.detail ?? '').toLowerCase().includes(q)) : rows;
  const remove = useMutation({
    mutationFn: (a: SuppressedAddress) => call(clearSuppressionRoute, { params: { address: a.address } }),
    onSuccess: (_, a) => {
      qc.setQueryData<SuppressedAddress[]>(qk.suppression(), (old) => old?.filter((x) => x.address !== a.address));
      showPopup('success', `Removed ${a.address} from the suppression list`);
    },
  });
  const ask = (a: SuppressedAddress) =>
    confirmDialog({
      header: 'Remove from the suppression list?',
      message: `Remove ${a.address}? Later mail from this campus will be sent to that address again.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Remove',
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      accept: () => remove.mutate(a),
    });
  return (
    <section>
      <div className="page-head">
        <h2>Suppression list</h2>
      </div>
      <p className="hint">Addresses that bounced permanently or complained; mail from this campus skips them.</p>
      <div className="table-search">
        <InputText
          aria-label="Search suppressed addresses"
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="row-count" aria-live="polite">
          {list.isPending ? 'Reading…' : `${formatNumber(shown.length, locale)} of ${formatNumber(rows.length, locale)}`}
        </span>
      </div>
      <ResponsiveTable<SuppressedAddress>
        label="Suppressed addresses"
        rows={shown}
        rowKey={(a) => a.address}
        empty={<p className="hint">{list.isPending ? 'Reading the list…' : 'No address is suppressed.'}</p>}
        columns={[
          { key: 'address', header: 'Address', value: (a) => a.address, wide: true },
          { key: 'reason', header: 'Reason', value: (a) => REASONS[a.reason] ?? a.reason },
          { key: 'at', header: 'Since', value: (a) => a.at, render: (a) => formatDateTime(a.at, locale) },
          { key: 'detail', header: 'Detail', value: (a) => a.detail ?? '', wide: true },
          {
            key: 'mail',
            header: 'Mail',
            value: (a) => a.mail ?? '',
            render: (a) => (a.mail ? <Link to={`/utilities?mail=${encodeURIComponent(a.mail)}`}>Receipts</Link> : null),
            sortable: false,
          },
        ]}
        actions={(a) => (
          <Button
            label="Remove"
            icon="pi pi-trash"
            size="small"
            severity="danger"
            text
            aria-label={`Remove ${a.address}`}
            loading={remove.isPending && remove.variables?.address === a.address}
            onClick={() => ask(a)}
          />
        )}
      />
    </section>
  );
}
