import {
  type AccessAction,
  type StudentAccountRow,
  type StudentInviteResult,
  inviteStudentsRoute,
  student,
  studentAccessRoute,
  studentAccountsRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { presentParams } from '../../app/search-params';
import { showPopup } from '../../app/state';
import { FilterBar } from '../../components/entity/filter-bar';
import { MailResultNote } from '../../components/mail-result-note/mail-result-note';
import { ResultTable } from '../../components/table/result-table';
import { formatDate, useLocale } from '../../lib/format/locale';

const PICKS = ['curriculum', 'section'] as const;

/** A roster's accounts (`GET /api/auth/student-accounts?curriculum=&section=`), once a curriculum is chosen. */
function useStudentAccounts(curriculum: string | undefined, section: string | undefined) {
  return useQuery({
    queryKey: qk.studentAccounts(curriculum ?? '', section ?? ''),
    queryFn: async () =>
      (await call(studentAccountsRoute, { query: { curriculum: curriculum ?? '', ...(section ? { section } : {}) } })).data,
    enabled: Boolean(curriculum),
  });
}

/**
 * `/attainment/student-accounts` (campus administrators): a roster's students (a curriculum, or one section) with where
 * each one's account stands; "Invite students without an account" mails each their own set-password link in one mail
 * (`POST /api/auth/student-accounts`; those left out are listed with why), and each account can be disabled or
 * enabled again (`POST /api/auth/student-accounts/{student}/access`; their open sessions end at once).
 */
export function StudentAccountsPage() {
  const locale = useLocale();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const values = presentParams(params, PICKS);
  const { curriculum, section } = values;
  const list = useStudentAccounts(curriculum, section);
  const [result, setResult] = useState<StudentInviteResult | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: qk.studentAccounts(curriculum ?? '', section ?? '') });
  const invite = useMutation({
    mutationFn: async () => call(inviteStudentsRoute, { body: { curriculum: curriculum ?? '', ...(section ? { section } : {}) } }),
    onSuccess: (res) => {
      setResult(res.data);
      showPopup('success', res.message ?? 'Invited');
      void refresh();
    },
  });
  const access = useMutation({
    mutationFn: async (v: { student: string; action: AccessAction }) =>
      call(studentAccessRoute, { params: { student: v.student }, body: { action: v.action } }),
    onSuccess: (res) => {
      showPopup('success', res.message ?? 'Done');
      void refresh();
    },
  });
  const rows = list.data ?? [];
  const waiting = rows.filter((r) => r.account === 'No account' || r.account === 'Invitation expired').length;
  const askInvite = () =>
    confirmDialog({
      header: 'Invite students?',
      message:
        `Mail each of the ${waiting} student${waiting === 1 ? '' : 's'} without an account ` +
        `${section ? `in section ${section}` : 'on this roster'} their own link to set a password?`,
      icon: 'pi pi-question-circle',
      acceptLabel: 'Send invitations',
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      accept: () => invite.mutate(),
    });
  const askAccess = (r: StudentAccountRow, action: AccessAction) =>
    confirmDialog({
      header: action === 'disable' ? 'Disable this account?' : 'Enable this account?',
      message:
        action === 'disable'
          ? `${r.roll_no} ${r.name} will be signed out at once and cannot sign in until enabled again.`
          : `${r.roll_no} ${r.name} will be able to sign in again.`,
      icon: 'pi pi-question-circle',
      acceptLabel: action === 'disable' ? 'Disable' : 'Enable',
      rejectLabel: 'Cancel',
      defaultFocus: 'reject',
      accept: () => access.mutate({ student: r.student, action }),
    });
  return (
    <section>
      <div className="page-head">
        <h2>Student Accounts</h2>
      </div>
      <FilterBar def={student} fields={PICKS} values={values} onChange={(v) => setParams(v, { replace: true })} />
      {!curriculum ? <p className="hint">Choose a curriculum (and a section, if you like) to see its students&apos; accounts.</p> : null}
      {curriculum ? (
        <>
          <p className="hint">
            Students sign in with their e-mail address to see their own marks, course outcomes and course exit surveys. An invitation mails
            each student without an account their own link to set a password; it works once, for seven days.
          </p>
          <div className="page-actions">
            <Button
              type="button"
              label="Invite students without an account"
              icon="pi pi-envelope"
              disabled={!waiting || invite.isPending}
              loading={invite.isPending}
              onClick={askInvite}
            />
          </div>
          {result ? (
            <MailResultNote
              result={result}
              mailed={`Invitations mailed to ${result.invited} student${result.invited === 1 ? '' : 's'}.`}
              notMailed={`Not invited (${result.skipped.length}):`}
              onDismiss={() => setResult(null)}
            />
          ) : null}
          <ResultTable<StudentAccountRow>
            label="Student accounts"
            fileName="student-accounts"
            rows={rows}
            rowKey={(r) => r.student}
            empty={
              list.isPending ? (
                'Loading…'
              ) : (
                <>
                  No students on this roster yet: load them under{' '}
                  <Link to={`/attainment/students?curriculum=${encodeURIComponent(curriculum)}`}>Students</Link>.
                </>
              )
            }
            columns={[
              { header: 'Roll no.', value: (r) => r.roll_no },
              { header: 'Name', value: (r) => r.name },
              { header: 'Section', value: (r) => r.section },
              { header: 'E-mail', value: (r) => r.email || '-' },
              {
                header: 'Account',
                value: (r) =>
                  r.account === 'Invited' && r.invited_until
                    ? `Invited (link works until ${formatDate(r.invited_until.slice(0, 10), locale)})`
                    : r.account,
              },
            ]}
            actions={(r) =>
              r.account === 'Active' ? (
                <Button type="button" label="Disable" size="small" outlined severity="danger" onClick={() => askAccess(r, 'disable')} />
              ) : r.account === 'Disabled' ? (
                <Button type="button" label="Enable" size="small" outlined onClick={() => askAccess(r, 'enable')} />
              ) : null
            }
          />
        </>
      ) : null}
    </section>
  );
}
