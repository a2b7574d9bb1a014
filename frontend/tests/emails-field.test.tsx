import { sentMail } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../src/components/entity/entity-form';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => {
  signInAs('admin');
  mockServer(() => ({ body: { data: [], next: null } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The mail form with a spy for what Send would post. */
function renderMailForm() {
  const sent: Record<string, unknown>[] = [];
  renderApp(<EntityForm def={sentMail} submitLabel="Send" onSubmit={async (v) => void sent.push(v)} />);
  return { sent, to: screen.getByLabelText(/^To/) as HTMLInputElement };
}
const paste = (input: HTMLElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } });
const chipTexts = () =>
  [...document.querySelectorAll('#f-to')].flatMap((i) =>
    [...i.closest('ul')!.querySelectorAll('.p-chips-token-label')].map((c) => c.textContent),
  );

describe('the e-mail addresses input (a mail’s To and Cc)', () => {
  it('adds a pasted list (commas, semicolons, lines) once each in lower case, and marks the address that is not one', async () => {
    const { to } = renderMailForm();
    paste(to, 'Asha.Rao@College.edu, ravi@college.edu;\n"Meera Iyer" <meera@college.edu>\nasha.rao@college.edu  not-an-address');
    expect(chipTexts()).toEqual(['asha.rao@college.edu', 'ravi@college.edu', 'meera@college.edu', 'not-an-address']);
    expect(screen.getByText('4 addresses, 1 not valid')).toBeTruthy();
    // The bad chip says so at once; the field's message (the server's words, with the place) once the field is left.
    const bad = screen.getByText('not-an-address').closest('li') as HTMLElement;
    expect(within(bad).getByText('Not valid email')).toBeTruthy();
    fireEvent.blur(to);
    expect((await screen.findByText('Not valid email (address 4)')).id).toBe('e-to');

    // Removed from the keyboard (Delete on its Remove button): the message goes.
    fireEvent.keyDown(within(bad).getByRole('button', { name: 'Remove not-an-address' }), { key: 'Delete' });
    await waitFor(() => expect(screen.queryByText(/Not valid email/)).toBeNull());
    expect(chipTexts()).toEqual(['asha.rao@college.edu', 'ravi@college.edu', 'meera@college.edu']);
    expect(screen.getByText('3 addresses')).toBeTruthy();
  });

  it('adds a typed address on Enter, comma or space without sending the form; Backspace, the arrows and Delete work the chips', async () => {
    const { to, sent } = renderMailForm();
    for (const [address, key] of [
      ['dean@college.edu', 'Enter'],
      ['hod@college.edu', ','],
      ['Office@College.edu', ' '],
    ]) {
      fireEvent.change(to, { target: { value: address } });
      fireEvent.keyDown(to, { key });
    }
    expect(chipTexts()).toEqual(['dean@college.edu', 'hod@college.edu', 'office@college.edu']);
    expect(to.value).toBe('');
    fireEvent.keyDown(to, { key: 'Backspace' });
    expect(chipTexts()).toEqual(['dean@college.edu', 'hod@college.edu']);
    // The arrows move between the chips (one Tab stop for the field); Delete removes the one focused.
    fireEvent.keyDown(to, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove hod@college.edu');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove dean@college.edu');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Delete' });
    expect(chipTexts()).toEqual(['hod@college.edu']);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove hod@college.edu'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(to);
    // Leaving the field keeps what was being typed.
    fireEvent.change(to, { target: { value: 'registrar@college.edu' } });
    fireEvent.blur(to);
    expect(chipTexts()).toEqual(['hod@college.edu', 'registrar@college.edu']);
    expect(sent).toEqual([]);
  });

  it('stays usable with 2,000 addresses: a count, 50 chips and "Show all"', async () => {
    const { to } = renderMailForm();
    paste(to, Array.from({ length: 2000 }, (_, i) => `student${i}@college.edu`).join('\n'));
    expect(screen.getByText('2,000 addresses')).toBeTruthy();
    expect(chipTexts()).toHaveLength(50);
    expect(screen.getByText('+1,950 more')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 2,000' }));
    expect(chipTexts()).toHaveLength(2000);
    // (By its text: asking for a role among 2,000 Remove buttons is slow in jsdom.)
    fireEvent.click(screen.getByText('Show fewer'));
    expect(chipTexts()).toHaveLength(50);
    // An address that is not one shows even among the folded ones.
    paste(to, 'one, two@x.edu');
    expect(chipTexts()).toContain('one');
    expect(screen.getByText('2,002 addresses, 1 not valid')).toBeTruthy();
  });

  it('refuses to send without an address', async () => {
    const { sent } = renderMailForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('Required')).map((e) => e.id)).toEqual(expect.arrayContaining(['e-to', 'e-subject']));
    expect(sent).toEqual([]);
  });
});
