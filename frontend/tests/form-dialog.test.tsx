import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormDialog } from '../src/components/form/form-dialog';

afterEach(cleanup);

/** A shown form with two fields, as an ADD button opens it. */
function renderForm() {
  render(
    <FormDialog header="Add department" visible onHide={() => undefined} formId="f" dirty={false} compact>
      <form id="f">
        <label htmlFor="name">Name</label>
        <input id="name" />
        <label htmlFor="short">Short name</label>
        <input id="short" />
      </form>
    </FormDialog>,
  );
  return { name: screen.getByLabelText('Name'), short: screen.getByLabelText('Short name') };
}

/** The dialog has finished opening (PrimeReact's transition has entered, and `onShow` has run). */
const shown = () => waitFor(() => expect(document.querySelector('.p-dialog-enter-done')).not.toBeNull());

describe('a form dialog opening', () => {
  it('puts the cursor in the first field', async () => {
    const { name } = renderForm();
    await shown();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('leaves the cursor where the person already put it before the opening animation ended', async () => {
    const { short } = renderForm();
    // A busy machine: the person clicks into the second field while the dialog is still opening.
    short.focus();
    expect(document.querySelector('.p-dialog-enter-done')).toBeNull();
    await shown();
    expect(document.activeElement).toBe(short);
  });
});
