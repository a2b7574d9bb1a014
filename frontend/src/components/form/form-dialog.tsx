import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { askToDiscard } from './discard-changes';

/**
 * Open pop-up parts of PrimeReact inputs (a dropdown's list, a calendar, the confirm dialog). While one is open,
 * Escape belongs to it, not to the form.
 */
const OPEN_OVERLAY =
  '.p-dropdown-panel, .p-datepicker:not(.p-datepicker-inline), .p-multiselect-panel, .p-autocomplete-panel, .p-confirm-dialog';

/** Whether a pop-up part of an input is open now (so Escape should close that, not the form). */
export const overlayOpen = (): boolean =>
  Boolean(document.querySelector(OPEN_OVERLAY)) || Boolean(document.querySelector('[role="dialog"] [aria-expanded="true"]'));

/**
 * The full-screen form of spec part 1 §2 ("an ADD button opens a full-screen form"), around a `<form id={formId}>`:
 * a header that stays at the top and Save/Cancel that stay at the bottom while the fields scroll between them.
 * `compact` forms (a few short fields) open as a centred dialog instead (full-screen on phones), so Save sits under
 * the fields. Escape closes an open dropdown or calendar first, and only then the form; closing a form with
 * changes (`dirty`) asks first, so nothing typed is lost by a stray key. A form adding records can offer "Save and
 * add another" (`addAnother`).
 */
export function FormDialog(props: {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** The id of the `<form>` inside; Save submits it. */
  formId: string;
  dirty: boolean;
  compact?: boolean;
  submitLabel?: string;
  submitting?: boolean;
  /**
   * When given (a form adding a record), a "Save and add another" button beside Save: it calls this, then submits the
   * form; Save calls `onSubmitOnly` first, so the last button pressed decides what follows a save.
   */
  addAnother?: { onSubmitAndAdd: () => void; onSubmitOnly: () => void };
  children: ReactNode;
}) {
  const { onHide, dirty, visible } = props;
  const requestClose = useCallback(() => {
    if (!dirty) return onHide();
    askToDiscard(onHide);
  }, [dirty, onHide]);
  // Focus: the form's first field when it opens, and back where it was (the ADD or Edit button) when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (visible) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }, [visible]);
  // Shown: once the opening animation ends, which on a busy machine can be after the person has clicked into a field
  // and started typing; focus moves to the first field only while it is still outside the dialog, never mid-word.
  const focusFirstField = () => {
    const dialog = content.current?.closest('[role="dialog"]');
    if (dialog?.contains(document.activeElement)) return;
    content.current
      ?.querySelector<HTMLElement>(
        'form input:not([type="hidden"]):not([disabled]), form textarea, form [role="combobox"], form .ql-editor',
      )
      ?.focus();
  };
  useEffect(() => {
    if (!visible) return;
    // Capture phase: decided before the dropdown's own handler closes its list.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || overlayOpen()) return;
      e.preventDefault();
      requestClose();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [visible, requestClose]);
  return (
    <Dialog
      header={props.header}
      visible={visible}
      maximized={!props.compact}
      className={props.compact ? 'form-dialog compact' : 'form-dialog'}
      closeOnEscape={false}
      draggable={false}
      blockScroll
      focusOnShow={false}
      onShow={focusFirstField}
      onHide={requestClose}
      footer={
        <div className="form-actions">
          <Button type="button" label="Cancel" severity="secondary" outlined onClick={requestClose} />
          {props.addAnother ? (
            <Button
              type="submit"
              form={props.formId}
              label="Save and add another"
              icon="pi pi-plus"
              outlined
              disabled={props.submitting}
              onClick={props.addAnother.onSubmitAndAdd}
            />
          ) : null}
          <Button
            type="submit"
            form={props.formId}
            label={props.submitLabel ?? 'Save'}
            icon="pi pi-check"
            loading={props.submitting}
            onClick={props.addAnother?.onSubmitOnly}
          />
        </div>
      }
    >
      <div ref={content}>{props.children}</div>
    </Dialog>
  );
}
