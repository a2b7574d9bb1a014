import { currentAcademicYear, shiftAcademicYear, survey, todayInIndia } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../src/components/entity/entity-form';
import { EntityPage } from '../src/components/entity/entity-page';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The campus's current academic year (June start, as the test campus has set none). */
const cay = () => currentAcademicYear(undefined, todayInIndia());

/** Opens a dropdown by its label and returns the texts of its options. */
async function optionsOf(label: RegExp): Promise<string[]> {
  const dropdown = (await screen.findByLabelText(label)).closest('.p-dropdown') as HTMLElement;
  fireEvent.click(dropdown.querySelector('.p-dropdown-trigger') as HTMLElement);
  // The open list's choices (other dropdowns keep hidden native options of their own).
  await waitFor(() => expect(document.querySelectorAll('.p-dropdown-panel [role="option"]').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.p-dropdown-panel [role="option"]')].map((o) => o.textContent ?? '');
}

describe('academic years are picked, never typed', () => {
  it("a survey's academic year is chosen from the campus's years: next, current and the years before", async () => {
    mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    let sent: Record<string, unknown> | undefined;
    renderApp(<EntityForm def={survey} onSubmit={async (v) => void (sent = v)} />, '/survey/survey');
    const options = await optionsOf(/^Academic year/);
    expect(options.slice(0, 3)).toEqual([shiftAcademicYear(cay(), 1), cay(), shiftAcademicYear(cay(), -1)]);
    // A list to pick from, not a text box to type into.
    expect(document.getElementById('f-academic_year')?.closest('.p-dropdown')).not.toBeNull();
    fireEvent.click(screen.getByRole('option', { name: cay(), hidden: true }));
    await waitFor(() => expect(document.querySelector('#f-academic_year')?.closest('.p-dropdown')?.textContent).toContain(cay()));
    expect(sent).toBeUndefined();
  });

  it("the survey list's academic year filter is the same list, sent as the year chosen", async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    renderApp(<EntityPage entityName="survey" />, '/survey/survey');
    const options = await optionsOf(/^Academic year/);
    expect(options).toContain(cay());
    fireEvent.click(screen.getByRole('option', { name: shiftAcademicYear(cay(), -1), hidden: true }));
    await waitFor(() =>
      expect(server.gets().some((u) => new URL(u, 'http://x').searchParams.get('academic_year') === shiftAcademicYear(cay(), -1))).toBe(
        true,
      ),
    );
  });
});
