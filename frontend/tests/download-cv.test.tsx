import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupAtom, store } from '../src/app/state';
import { DownloadCvButton } from '../src/features/faculty/download-cv-button';
import { MemberProfile } from '../src/features/faculty/profile-page';
import { rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

/** A fetch that answers the CV route with a file (or `cvStatus` with an error) and the user list with one member. */
function mockFetch(cvStatus = 200) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/faculty-cv')) {
      if (cvStatus !== 200)
        return new Response(JSON.stringify({ errors: { detail: 'Faculty member not found' } }), {
          status: cvStatus,
          headers: { 'Content-Type': 'application/json' },
        });
      const pdf = url.includes('format=pdf');
      return new Response(new Blob([pdf ? '%PDF-1.3' : 'PK']), {
        headers: {
          'Content-Type': pdf ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'Content-Disposition': `attachment; filename="Asha-Rao-CV.${pdf ? 'pdf' : 'docx'}"`,
        },
      });
    }
    if (url.startsWith('/api/auth/user-list'))
      return new Response(JSON.stringify({ data: [rec('u-2', { first_name: 'Asha', last_name: 'Rao', name: 'Asha Rao' })], next: null }));
    return new Response(JSON.stringify({ errors: { detail: `No mock for ${url}` } }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The names of the files the page saved (the download links it clicked). */
let saved: string[] = [];
// jsdom has no object URLs: each test gets stand-ins, and whatever was there before comes back after it.
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cv'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
  store.set(popupAtom, null);
});

describe('Download CV (issue 12)', () => {
  it("downloads the signed-in member's own CV as a Word document with their token, under the server's file name", async () => {
    signInAs('faculty');
    const fetch = mockFetch();
    renderApp(<DownloadCvButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CV' }));
    await waitFor(() => expect(saved).toEqual(['Asha-Rao-CV.docx']));
    expect(fetch).toHaveBeenCalledWith('/api/faculty-cv?format=docx', { headers: { Authorization: 'Bearer test-token' } });
    expect(screen.getByRole('button', { name: 'Download CV' })).toBeTruthy();
  });

  it("offers a PDF of the member an admin reads, from the member's read-only profile", async () => {
    signInAs('admin');
    const fetch = mockFetch();
    renderApp(<MemberProfile id="u-2" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose the CV format' }));
    fireEvent.click(await screen.findByText('PDF'));
    await waitFor(() => expect(saved).toEqual(['Asha-Rao-CV.pdf']));
    expect(fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/faculty-cv'))).toEqual([
      '/api/faculty-cv?faculty=u-2&format=pdf',
    ]);
  });

  it('says "Preparing CV..." while the server works, and why it failed when it does', async () => {
    signInAs('admin');
    mockFetch(404);
    renderApp(<DownloadCvButton faculty="u-9" />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CV' }));
    expect(await screen.findByRole('button', { name: 'Preparing CV...' })).toBeTruthy();
    await waitFor(() =>
      expect(store.get(popupAtom)).toMatchObject({ kind: 'error', text: 'The CV could not be prepared: Faculty member not found' }),
    );
    expect(await screen.findByRole('button', { name: 'Download CV' })).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
