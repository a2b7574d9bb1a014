import type { PublicationImportResult } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FacultyArea from '../src/features/faculty/faculty-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = '/api/Research-Publication?limit=100';
const BIB = '@article{prince2004, title = {Does Active Learning Work? {A} Review of the Research}, journal = {JEE}, year = 2004}';
const stored = rec('p-1', {
  paper_title: 'Does Active Learning Work? A Review of the Research',
  type: 'Journal',
  journal_title: 'Journal of Engineering Education',
  status: 'Published',
  level_status: 'International',
  publication_year: 2004,
});

/** The server's preview or import answer for a file of three entries: one new, one unchanged, one updated. */
const answer = (dryRun: boolean): { message: string; data: PublicationImportResult } => ({
  message: dryRun ? '3 entries read' : 'Imported 2 of 3 entries: 1 new, 1 updated, 1 unchanged, 0 skipped',
  data: {
    format: 'bibtex',
    dry_run: dryRun,
    faculty: 'me',
    counts: { new: 1, updated: 1, unchanged: 1, skipped: 0 },
    entries: [
      { position: 1, status: 'new', title: 'Active learning increases student performance', year: 2014, doi: '10.1073/pnas.1319030111' },
      { position: 2, status: 'unchanged', title: 'Does Active Learning Work? A Review of the Research', year: 2004, id: 'p-1' },
      {
        position: 3,
        status: 'updated',
        title: 'The CDIO Syllabus v2.0',
        year: 2011,
        id: 'p-2',
        changed_fields: ['paper_title', 'page_no'],
      },
    ],
  },
});

/** A chosen file (jsdom's File has no `text()`, which browsers have). */
const fileOf = (text: string, name: string) => Object.assign(new File([text], name, { type: 'text/plain' }), { text: async () => text });

/** The Faculty Contribution area at the Research publication tab. */
const renderPublications = (query = '') =>
  renderApp(
    <Routes>
      <Route path="/faculty-contribution/*" element={<FacultyArea />} />
    </Routes>,
    `/faculty-contribution/research_publication${query}`,
  );

describe('importing publications from BibTeX or RIS', () => {
  it('previews the file (new, updated, unchanged), then posts it for import and reads the list again', async () => {
    signInAs('faculty');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === LIST) return { body: { data: [stored], next: null } };
      if (method === 'POST' && url.startsWith('/api/Research-Publication/import?')) return { body: answer(url.includes('dry_run=1')) };
    });
    renderPublications();
    await screen.findByText('Does Active Learning Work? A Review of the Research');
    fireEvent.click(screen.getByRole('button', { name: 'Import BibTeX / RIS' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('BibTeX or RIS file'), {
      target: { files: [fileOf(BIB, 'papers.bib')] },
    });

    // The preview: nothing written yet, each entry with its status, and what changes.
    expect(await within(dialog).findByRole('status')).toHaveProperty(
      'textContent',
      '3 entries in the file: 1 new, 1 updated, 1 unchanged, 0 skipped. Nothing is written until you import.',
    );
    const preview = server.calls('POST', /\/api\/Research-Publication\/import\?/);
    expect(preview).toHaveLength(1);
    expect(preview[0].url).toBe('/api/Research-Publication/import?level_status=International&dry_run=1');
    expect(preview[0].body).toBe(BIB);
    const table = within(dialog).getByRole('table', { name: 'Entries of the file' });
    for (const text of ['New', 'Unchanged', 'Updated', 'Active learning increases student performance', '10.1073/pnas.1319030111'])
      expect(within(table).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(table).getByText('Changes: Paper title, Pages')).toBeTruthy();

    // Import: the same file without dry_run; the dialog closes and the list is read again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 entries' }));
    await waitFor(() => expect(server.calls('POST', /\/api\/Research-Publication\/import\?/)).toHaveLength(2));
    const sent = server.calls('POST', /\/api\/Research-Publication\/import\?/)[1];
    expect(sent.url).toBe('/api/Research-Publication/import?level_status=International');
    expect(sent.body).toBe(BIB);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.calls('GET', LIST).length).toBeGreaterThan(1));
  });

  it('shows why the server refused a file, and offers no import', async () => {
    signInAs('faculty');
    mockServer((method, url) => {
      if (method === 'GET' && url === LIST) return { body: { data: [], next: null } };
      if (method === 'POST')
        return {
          status: 400,
          body: { errors: { detail: 'The file is neither BibTeX (@article{...}) nor RIS', fields: { file: 'Not BibTeX or RIS' } } },
        };
    });
    renderPublications();
    fireEvent.click(await screen.findByRole('button', { name: 'Import BibTeX / RIS' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('BibTeX or RIS file'), { target: { files: [fileOf('hello', 'notes.txt')] } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is neither BibTeX (@article{...}) nor RIS');
    expect(within(dialog).getByRole('button', { name: 'Nothing to import' })).toHaveProperty('disabled', true);
  });

  it("is not offered to an admin reading a member's publications", async () => {
    signInAs('admin');
    mockServer((method, url) =>
      method === 'GET' && url.startsWith('/api/Research-Publication?') ? { body: { data: [], next: null } } : undefined,
    );
    renderPublications('?faculty=member-2');
    await screen.findByRole('heading', { name: 'Research publication' });
    expect(screen.queryByRole('button', { name: 'Import BibTeX / RIS' })).toBeNull();
  });
});
