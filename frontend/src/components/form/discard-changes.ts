import { confirmDialog } from 'primereact/confirmdialog';

/**
 * Asks before what was typed in a form is given up (Escape, Cancel, closing it): "Keep editing" is the default
 * answer, so a stray key loses nothing; `discard` runs on "Discard".
 */
export function askToDiscard(discard: () => void, message = 'This form has changes that are not saved. Close it and lose them?'): void {
  confirmDialog({
    header: 'Discard changes?',
    message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: 'Discard',
    rejectLabel: 'Keep editing',
    acceptClassName: 'p-button-danger',
    defaultFocus: 'reject',
    accept: discard,
  });
}
