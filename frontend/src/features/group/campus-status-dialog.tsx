import type { GroupCampus } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { showPopup } from '../../app/state';
import { useCampusWrites } from './api';
import { FormRefusal } from '../../components/form/form-refusal';

/** Shortest reason the server takes for disabling a campus. */
const REASON_MIN = 10;

/**
 * Disabling or enabling a campus (`PUT /api/group/campus/{id}` with the version read): disabling asks why (kept with
 * the campus and in the audit trail; at least 10 characters). The server's refusal (a stale version, a short reason)
 * shows in the dialog. Give it `key={campus.id}` so each campus starts with an empty reason.
 */
export function CampusStatusDialog({ campus, onHide }: { campus: GroupCampus | null; onHide: () => void }) {
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const { status } = useCampusWrites();
  if (!campus) return null;
  const disabling = campus.status === 'Active';
  const verb = disabling ? 'Disable' : 'Enable';
  const short = disabling && reason.trim().length < REASON_MIN;
  const submit = () => {
    setRefusal(null);
    status.mutate(
      {
        id: campus.id,
        body: { status: disabling ? 'Disabled' : 'Active', version: campus.version, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      },
      {
        onSuccess: () => {
          showPopup('success', `${campus.name} ${disabling ? 'disabled' : 'enabled'}`);
          onHide();
        },
        onError: (e) => setRefusal(e instanceof ApiError ? e : new ApiError(0, 'Please try again')),
      },
    );
  };
  const error = refusal?.fields.reason;
  return (
    <Dialog header={`${verb} ${campus.name}`} visible onHide={onHide} style={{ width: 'min(32rem, 95vw)' }} draggable={false}>
      <form
        className="entity-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!short) submit();
        }}
      >
        <p className="hint">
          {disabling
            ? "The campus's users are refused until the group enables it again; its records are kept."
            : "The campus's users may sign in and work again."}
        </p>
        <FormRefusal message={error ? null : refusal?.detail} />
        <div className="form-field">
          <label htmlFor="campus-status-reason">
            {disabling ? `Why is it disabled? (at least ${REASON_MIN} characters)` : 'Why is it enabled? (optional)'}
          </label>
          <InputTextarea
            id="campus-status-reason"
            value={reason}
            rows={3}
            aria-required={disabling}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? 'campus-status-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error ? (
            <small id="campus-status-reason-error" className="field-error" role="alert">
              {error}
            </small>
          ) : null}
        </div>
        <div className="form-actions">
          <Button type="button" outlined severity="secondary" label="Cancel" onClick={onHide} />
          <Button type="submit" label={verb} severity={disabling ? 'danger' : undefined} disabled={short} loading={status.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
