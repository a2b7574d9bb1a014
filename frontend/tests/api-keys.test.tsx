import { type ApiKey, type ApiKeyCreated, todayInIndia } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UTILITIES_TABS, tabsFor } from '../src/app/navigation';
import { qk } from '../src/app/query-keys';
import { PopupMessage } from '../src/components/shell/feedback';
import UtilitiesArea from '../src/features/utilities/utilities-area';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The ISO day `days` after today (India), and how the campus writes it (dd/mm/yyyy). */
const dayAhead = (days: number) => {
  const iso = new Date(Date.parse(`${todayInIndia()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}/${m}/${y}` };
};

const ERP: ApiKey = {
  id: '3n4c0ld1d',
  name: 'Old ERP sync',
  scopes: ['structure.read'],
  expires_on: '2026-12-31',
  created_by: 'admin@college.edu',
  created_at: '2026-01-05T09:30:00Z',
  status: 'active',
};
const GONE: ApiKey = {
  id: '9gonek3y',
  name: 'Retired script',
  scopes: ['marks.write'],
  expires_on: '2026-06-30',
  created_by: 'admin@college.edu',
  created_at: '2025-12-01T09:30:00Z',
  revoked_at: '2026-02-01T10:00:00Z',
  revoked_by: 'admin@college.edu',
  status: 'revoked',
};

const SECRET = 'S3cr3t-0nly-0nce-abcdefghijklmnopqrstuvwxyz0123456789';

/** The 201 answer to creating `body`: the key with its secret, token URL and scope. */
const createdFrom = (body: { name: string; scopes: ApiKey['scopes']; expires_on: string }): ApiKeyCreated => ({
  id: '7newcl1ent1d',
  ...body,
  created_by: 'admin@example.edu',
  created_at: '2026-11-29T10:00:00Z',
  status: 'active',
  client_secret: SECRET,
  token_url: 'https://attain-demo.auth.ap-south-1.amazoncognito.com/oauth2/token',
  token_scope: body.scopes.map((s) => `attain/${s}`).join(' '),
});

const renderTab = () =>
  renderApp(
    <>
      <Routes>
        <Route path="/utilities/*" element={<UtilitiesArea />} />
      </Routes>
      <PopupMessage />
    </>,
    '/utilities/api-keys',
  );

/** The table's row (or a phone's card) naming `name`. */
const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

/** The form field (label, input, hint, message) holding the input labelled `label`. */
const fieldOf = (label: RegExp) => screen.getByLabelText(label).closest('.form-field') as HTMLElement;

describe('Utilities > API keys', () => {
  it('is a tab for campus administrators only', () => {
    expect(tabsFor(UTILITIES_TABS, 'admin').map((t) => t.path)).toContain('api-keys');
    expect(tabsFor(UTILITIES_TABS, 'faculty').map((t) => t.path)).not.toContain('api-keys');
  });

  it('says what a key is for when the campus has none, and links to the API reference', async () => {
    signInAs('admin');
    mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: [] } };
    });
    renderTab();
    await screen.findByText(/No API key yet\. Create one when your ERP or a script is to sync rosters or marks/);
    // The side tabs link there too: this is the page's own sentence, saying how the reference marks what a key may call.
    const sentence = screen.getByText(/those a key may call say so with the scope they need/);
    expect(within(sentence).getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/utilities/api-reference');
  });

  it('lists the keys newest first, with what each may do, its last day as the campus writes it and its status in words', async () => {
    signInAs('admin');
    mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: [GONE, ERP] } };
    });
    renderTab();
    const erp = await rowOf('Old ERP sync');
    expect(erp.textContent).toMatch(/Read the academic structure.*31\/12\/2026.*Active.*admin@college\.edu/);
    const gone = screen.getByRole('row', { name: /Retired script/ });
    expect(gone.textContent).toMatch(/Save an occasion's marks.*Revoked/);
    // Only an active key can be revoked.
    expect(within(gone).queryByRole('button', { name: /Revoke/ })).toBeNull();
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.findIndex((t) => t.includes('Old ERP sync'))).toBeLessThan(rows.findIndex((t) => t.includes('Retired script')));
  });

  it('creates a key and shows its secret once, in a dialog that closes only on purpose; the list never holds the secret', async () => {
    signInAs('admin');
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let keys: ApiKey[] = [ERP];
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: keys } };
      if (method === 'POST' && url === '/api/auth/api-keys') {
        const made = createdFrom(body as never);
        const { client_secret: _s, token_url: _u, token_scope: _c, ...listed } = made;
        keys = [listed, ...keys];
        return { status: 201, body: made };
      }
    });
    const { queryClient } = renderTab();
    await rowOf('Old ERP sync');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    // The last day starts 90 days ahead, typed as the campus writes dates.
    expect((within(form).getByLabelText(/^Last day/) as HTMLInputElement).value).toBe(dayAhead(90).typed);
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'ERP roster sync' } });
    fireEvent.click(within(form).getByLabelText("Replace a section's students (roster sync)"));
    fireEvent.input(within(form).getByLabelText(/^Last day/), { target: { value: dayAhead(30).typed } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: "Copy the new key's secret now" });
    expect(server.calls('POST', '/api/auth/api-keys')[0].body).toEqual({
      name: 'ERP roster sync',
      scopes: ['rosters.write'],
      expires_on: dayAhead(30).iso,
    });
    expect(shown.textContent).toContain('The secret is shown this once.');
    expect(shown.textContent).toContain('cannot show it again');
    for (const value of [
      '7newcl1ent1d',
      SECRET,
      'https://attain-demo.auth.ap-south-1.amazoncognito.com/oauth2/token',
      'attain/rosters.write',
    ])
      expect(within(shown).getAllByText(value).length).toBeGreaterThan(0);
    // The example: a token with HTTP Basic and the client credentials grant, then a roster sync with it.
    const example = shown.querySelector('pre')?.textContent ?? '';
    expect(example).toContain('curl -s -u "7newcl1ent1d:$ATTAIN_SECRET"');
    expect(example).toContain("-d 'grant_type=client_credentials&scope=attain/rosters.write'");
    expect(example).toContain(`curl -X PUT '${window.location.origin}/api/roster?curriculum=<curriculum id>&section=A'`);
    expect(example).toContain("-H 'Authorization: Bearer <token>'");
    expect(example).toContain(`-d '{"students":[`);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await screen.findByText('Secret copied');

    // Escape does not close it, and it has no close button: only the deliberate one.
    fireEvent.keyDown(shown, { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: "Copy the new key's secret now" })).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Copy the new key's secret now" })).toBeNull());

    // The new key is listed, newest first, without its secret: on the page, in the cache, and when read again.
    const row = await rowOf('ERP roster sync');
    expect(row.textContent).toMatch(/roster sync.*Active/);
    expect(document.body.textContent).not.toContain(SECRET);
    expect(JSON.stringify(queryClient.getQueryData(qk.apiKeys()))).not.toContain(SECRET);
    await queryClient.refetchQueries({ queryKey: qk.apiKeys() });
    await waitFor(() => expect(server.calls('GET', '/api/auth/api-keys')).toHaveLength(2));
    await rowOf('ERP roster sync');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(JSON.stringify(queryClient.getQueryData(qk.apiKeys()))).not.toContain(SECRET);
    const names = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(names.findIndex((t) => t.includes('ERP roster sync'))).toBeLessThan(names.findIndex((t) => t.includes('Old ERP sync')));
  });

  it('checks the form before sending: a key needs a name and something it may do', async () => {
    signInAs('admin');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: [] } };
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'ERP' } });
    fireEvent.input(within(form).getByLabelText(/^Last day/), { target: { value: dayAhead(400).typed } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Choose what the key may do')).toBeTruthy();
    expect(fieldOf(/^Last day/).textContent).toContain('Give a day from today to 366 days ahead');
    expect(server.calls('POST', '/api/auth/api-keys')).toHaveLength(0);
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('ERP');
  });

  it("shows the server's refusal of a field beside that field and keeps everything typed", async () => {
    signInAs('admin');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: [ERP] } };
      if (method === 'POST' && url === '/api/auth/api-keys')
        return {
          status: 400,
          body: {
            errors: {
              detail: 'Please correct the new API key',
              fields: { expires_on: 'Give a day from today to 366 days ahead (by 2027-11-30)' },
            },
          },
        };
    });
    renderTab();
    await rowOf('Old ERP sync');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Marks upload script' } });
    fireEvent.click(within(form).getByLabelText("Save an occasion's marks"));
    fireEvent.click(within(form).getByLabelText(/Read the academic structure/));
    fireEvent.input(within(form).getByLabelText(/^Last day/), { target: { value: dayAhead(10).typed } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    await waitFor(() => expect(fieldOf(/^Last day/).textContent).toContain('Give a day from today to 366 days ahead (by 2027-11-30)'));
    expect(server.calls('POST', '/api/auth/api-keys')[0].body).toMatchObject({ scopes: ['structure.read', 'marks.write'] });
    expect(within(form).getByRole('alert').textContent).toContain('Please correct the new API key');
    // The message is beside its field only, and the field is named invalid.
    expect(fieldOf(/^Name/).textContent).not.toContain('366 days');
    expect(
      within(form)
        .getByLabelText(/^Last day/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // Everything typed is still there; no secret was shown.
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Marks upload script');
    expect((within(form).getByLabelText("Save an occasion's marks") as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText(/Read the academic structure/) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText("Replace a section's students (roster sync)") as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText(/^Last day/) as HTMLInputElement).value).toBe(dayAhead(10).typed);
    expect(screen.queryByRole('dialog', { name: "Copy the new key's secret now" })).toBeNull();
  });

  it('revokes a key only after asking, saying it stops working within half a minute; the row then reads Revoked', async () => {
    signInAs('admin');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/api-keys') return { body: { data: [ERP] } };
      if (method === 'DELETE' && url === '/api/auth/api-keys/3n4c0ld1d') return { status: 204, body: {} };
    });
    renderTab();
    const row = await rowOf('Old ERP sync');
    expect(row.textContent).toContain('Active');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Old ERP sync' }));
    const question = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(question.textContent).toContain('It stops working within half a minute');
    expect(server.calls('DELETE', /api-keys/)).toHaveLength(0);
    // Cancel leaves it working.
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke this API key?' })).toBeNull());
    expect(server.calls('DELETE', /api-keys/)).toHaveLength(0);

    fireEvent.click(within(await rowOf('Old ERP sync')).getByRole('button', { name: 'Revoke Old ERP sync' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this API key?' })).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('API key “Old ERP sync” revoked: it stops working within half a minute');
    expect(server.calls('DELETE', /api-keys/)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('row', { name: /Old ERP sync/ }).textContent).toContain('Revoked'));
    const revoked = screen.getByRole('row', { name: /Old ERP sync/ });
    expect(revoked.textContent).not.toContain('Active');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
