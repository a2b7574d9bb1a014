import {
  type FrozenYear,
  MIN_UNFREEZE_REASON,
  approvalDate,
  approveYearRoute,
  isAcademicYear,
  listFrozenYearsRoute,
  unfreezeYearRoute,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { useMay } from '../../app/state';

/** A program's approvals (`GET /api/attainment/freeze/{program}`), cached by `qk.frozenYears`. */
export function useFrozenYears(programId: string) {
  return useQuery({
    queryKey: qk.frozenYears(programId),
    queryFn: async () => (await call(listFrozenYearsRoute, { params: { program: programId } }, { quiet: true, background: true })).data,
    enabled: Boolean(programId),
  });
}

/** The banner of a frozen year: who approved it, when, with which method version, and what it refuses. */
export const frozenBanner = (f: FrozenYear) =>
  `Approved by ${f.approved_by} on ${approvalDate(f.approved_at)} (method version ${f.method_version}). ` +
  'Marks, matrices and the method for this year cannot be changed.';

/**
 * Frozen results for one program year on the Program attainment page: a banner when the year is approved,
 * and for admins "Approve <year>" (asks first) or "Unfreeze" (a dialog with a required reason of at least 10
 * characters). Server errors show in the popup and, for the reason, under the field. Other roles see the banner only.
 * An undated year cannot be approved (there is no year to name), so nothing shows for it. While `updating` courses of
 * the program are being computed again (a method change, a save), Approve waits and says why: the server would refuse
 * it (409), since the approved figures must be the current ones.
 */
export function FreezePanel({ programId, year, updating = 0 }: { programId: string; year: string; updating?: number }) {
  const administers = useMay('administer-campus');
  const queryClient = useQueryClient();
  const frozen = useFrozenYears(programId).data?.find((f) => f.academic_year === year && f.status === 'Frozen');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: qk.frozenYears(programId) });
  const approve = useMutation({
    mutationFn: () => call(approveYearRoute, { params: { program: programId }, body: { academic_year: year } }),
    onSettled: refresh,
  });
  const unfreeze = useMutation({
    mutationFn: (f: FrozenYear) =>
      call(unfreezeYearRoute, {
        params: { program: programId, year: f.academic_year },
        body: { reason: reason.trim(), version: f.version },
      }),
    onSuccess: () => {
      setOpen(false);
      setReason('');
    },
    onError: (e) => setReasonError(e instanceof ApiError ? e.fields.reason : undefined),
    onSettled: refresh,
  });
  if (!isAcademicYear(year)) return null;
  const submit = () => {
    if (!frozen) return;
    if (reason.trim().length < MIN_UNFREEZE_REASON) {
      setReasonError(`Give a reason of at least ${MIN_UNFREEZE_REASON} characters`);
      return;
    }
    setReasonError(undefined);
    unfreeze.mutate(frozen);
  };
  if (!frozen)
    return administers ? (
      <div className="filter-bar">
        <Button
          type="button"
          icon="pi pi-lock"
          label={`Approve ${year}`}
          disabled={approve.isPending || updating > 0}
          aria-describedby={updating > 0 ? 'approve-waits' : undefined}
          onClick={() =>
            confirmDialog({
              header: `Approve ${year}?`,
              message:
                `Approve the attainment of ${year}? Its results, the method version and the versions of its inputs are kept, ` +
                'and marks, question papers, CO-PO matrices and the method for this year cannot be changed until an admin unfreezes it.',
              acceptLabel: 'Approve',
              rejectLabel: 'Cancel',
              defaultFocus: 'reject',
              accept: () => approve.mutate(),
            })
          }
        />
        {updating > 0 ? (
          <span id="approve-waits" className="hint">
            {`Approve once the ${updating === 1 ? 'course' : `${updating} courses`} being computed again ${updating === 1 ? 'is' : 'are'} done.`}
          </span>
        ) : null}
      </div>
    ) : null;
  return (
    <div className="frozen-banner" role="status" aria-label={`${year} is approved`}>
      <p>
        <i className="pi pi-lock" aria-hidden="true" /> {frozenBanner(frozen)}
      </p>
      {administers ? (
        <>
          <Button type="button" size="small" outlined label="Unfreeze" onClick={() => setOpen(true)} />
          <Dialog header={`Unfreeze ${year}`} visible={open} onHide={() => setOpen(false)} style={{ width: 'min(32rem, 95vw)' }}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <label htmlFor="unfreeze-reason">Why must this year change? (kept in the audit trail)</label>
              <InputTextarea
                id="unfreeze-reason"
                value={reason}
                rows={4}
                aria-required="true"
                aria-invalid={Boolean(reasonError)}
                aria-describedby={reasonError ? 'unfreeze-reason-error' : undefined}
                onChange={(e) => setReason(e.target.value)}
                style={{ width: '100%' }}
              />
              {reasonError ? (
                <small id="unfreeze-reason-error" className="field-error" role="alert">
                  {reasonError}
                </small>
              ) : null}
              <div className="filter-bar">
                <Button type="submit" label="Unfreeze" disabled={unfreeze.isPending} />
                <Button type="button" outlined label="Cancel" onClick={() => setOpen(false)} />
              </div>
            </form>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
