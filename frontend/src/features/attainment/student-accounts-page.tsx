import {
  type AccessAction,
  type StudentAccountRow,
  type StudentInviteRun,
  inviteStudentsRoute,
  student,
  studentAccessRoute,
  studentAccountsRoute,
  studentInviteRunRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect } from 'react';
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

/** How often a running invitation run is asked how far it has got (ms). */
const RUN_POLL_MS = 1000;

/** Whether a run has ended (`done` or `failed`). */
const ended = (run: StudentInviteRun | undefined) => run?.state === 'done' || run?.state === 'failed';

/** An invitation run (`GET /api/student-invites/{run}`), asked again every second until it ends. */
function useInviteRun(run: string | null) {
  return useQuery({
    queryKey: qk.studentInviteRun(run ?? ''),
    queryFn: async () => (await call(studentInviteRunRoute, { params: { run: run ?? '' } })).data,
    enabled: Boolean(run),
    refetchInterval: (q) => (ended(q.state.data) ? false : RUN_POLL_MS),
  });
}

/**
 * `/attainment/student-accounts` (campus administrators): a roster's students (a curriculum, or one section) with where
 * each one's account stands; "Invite students without an account" starts an invitation run that mails each their own
 * set-password link in one mail (`POST /api/auth/student-accounts`), followed here until it ends (how many links are
 * written; then those mailed, and those left out with why), and each account can be disabled or
 * enabled again (`POST /api/auth/student-accounts/{student}/access`; their open sessions end at once).
 */
export function StudentAccountsPage() {
  const locale = useLocale();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const values = presentParams(params, PICKS);
  const { curriculum, section } = values;
  const list = useStudentAccounts(curriculum, section);
  // The run followed is in the address (`run`), so a reload or a shared link follows it still.
  const runId = params.get('run');
  const setRunId = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('run', id);
        else next.delete('run');
        return next;
      },
      { replace: true },
    );
  const run = useInviteRun(runId);
  const refresh = () => qc.invalidateQueries({ queryKey: qk.studentAccounts(curriculum ?? '', section ?? '') });
  const invite = useMutation({
    mutationFn: async () => call(inviteStudentsRoute, { body: { curriculum: curriculum ?? '', ...(section ? { section } : {}) } }),
    onSuccess: (res) => {
      qc.setQueryData(qk.studentInviteRun(res.data.id), res.data);
      setRunId(res.data.id);
      showPopup('success', res.message ?? 'Inviting');
    },
  });
  // The roster's accounts read again once the run has ended (its students now read Invited).
  const runEnded = ended(run.data);
  useEffect(() => {
    if (runEnded) void qc.invalidateQueries({ queryKey: ['student-accounts'] });
  }, [runEnded, qc]);
  const running = Boolean(runId) && !runEnded;
  const access = useMutation({
    mutationFn: async (v: { student: string; action: AccessAction }) =>
      call(studentAccessRoute, { params: { student: v.student }, body: { action: v.action } }),
    onSuccess: (res) => {
      showPopup('success', res.message ?? 'Done');
      void refresh();
    },
  });
  const rows = list.data ?? [];
  const withoutAccount = rows.filter((r) => r.account === 'No account' || r.account === 'Invitation expired');
  // Only a student with an address can be mailed: one without is listed below, never counted as waiting.
  const waiting = withoutAccount.filter((r) => r.email.trim()).length;
  const noAddress = withoutAccount.length - waiting;
  const askInvite = () =>
    confirmDialog({
      header: 'Invite students?',
      message:
        `Mail each of the ${waiting} student${waiting === 1 ? '' : 's'} with an e-mail address and no account ` +
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
              disabled={!waiting || invite.isPending || running}
              loading={invite.isPending || running}
              onClick={askInvite}
            />
          </div>
          {noAddress ? (
            <p className="hint">
              {noAddress} student{noAddress === 1 ? ' has' : 's have'} no e-mail address, so no invitation can reach them: add the addresses
              under Attainment &gt; Students.
            </p>
          ) : null}
          {run.data ? <InviteRunNote run={run.data} onDismiss={() => setRunId(null)} /> : null}
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

/**
 * Where an invitation run stands: waiting or writing (a progress bar: links written of the students chosen), then
 * what it did (`MailResultNote`: those mailed, with the mail's receipts, and those left out with why), or why it
 * stopped.
 */
function InviteRunNote({ run, onDismiss }: { run: StudentInviteRun; onDismiss: () => void }) {
  const locale = useLocale();
  const n = (x: number) => x.toLocaleString(locale);
  if (run.state === 'failed')
    return (
      <div className="mail-skipped" role="alert">
        <p>
          <strong>The invitation run stopped.</strong> {run.error}
        </p>
        <Button type="button" label="Dismiss" text size="small" onClick={onDismiss} />
      </div>
    );
  if (run.state === 'done') {
    const more = run.skipped_more ? ` The first ${n(run.skipped.length)} are listed; ${n(run.skipped_more)} more were left out.` : '';
    return (
      <MailResultNote
        result={run}
        mailed={`Invitations mailed to ${n(run.invited)} student${run.invited === 1 ? '' : 's'}.`}
        notMailed={`Not invited (${n(run.skipped.length + run.skipped_more)}):${more}`}
        onDismiss={onDismiss}
      />
    );
  }
  const text =
    run.state === 'queued'
      ? 'Waiting for the mail worker to start the invitations…'
      : !run.total
        ? 'Reading the roster…'
        : `Writing invitation links: ${n(run.written)} of ${n(run.total)} students`;
  return (
    <div className="job" aria-live="polite">
      <p>{text}</p>
      <ProgressBar value={run.total ? Math.round((run.written / run.total) * 100) : 0} aria-label={text} />
    </div>
  );
}
