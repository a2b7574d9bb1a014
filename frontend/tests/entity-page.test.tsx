import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qk } from '../src/app/query-keys';
import { EntityPage } from '../src/components/entity/entity-page';
import { type ListData } from '../src/components/entity/list-cache';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

const LIST = '/api/department?limit=100';
const civil = rec('d-civil', { name: 'Civil Engineering', short_name: 'CE', status: true });
const mech = rec('d-mech', { name: 'Mechanical Engineering', short_name: 'ME', status: true });

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The table's body rows, as text. */
const rowTexts = () => [...document.querySelectorAll('table.data-table tbody > tr')].map((r) => r.textContent ?? '');
const rowCount = () => document.querySelector('.row-count')?.textContent;
const rowOf = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement;

describe('the generic entity page, on TanStack Query', () => {
  it('puts a created record into the cached list (first, highlighted) without reading the list again', async () => {
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === LIST) return { body: { data: [civil, mech], next: null } };
      if (method === 'POST' && url === '/api/department')
        return { status: 201, body: { message: 'successfully created', data: rec('d-eee', body as Record<string, unknown>) } };
    });
    const { queryClient } = renderApp(<EntityPage entityName="department" />, '/configuration/department');
    // An attainment view read earlier: a write to the registry must mark it stale.
    queryClient.setQueryData(qk.attainmentView('program', 'p1'), { years: [] });
    await screen.findByText('Civil Engineering');
    expect(rowCount()).toBe('2 of 2');

    fireEvent.click(screen.getByRole('button', { name: 'ADD' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Electrical Engineering' } });
    fireEvent.change(screen.getByLabelText(/^Short name/), { target: { value: 'EEE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Electrical Engineering');
    expect(server.calls('POST', '/api/department')[0].body).toMatchObject({
      name: 'Electrical Engineering',
      short_name: 'EEE',
      status: true,
    });
    // One read of the list in all: the saved record came from the POST's answer.
    expect(server.calls('GET', LIST)).toHaveLength(1);
    expect(server.seen.filter((s) => s.method === 'GET' && s.url.startsWith('/api/department'))).toHaveLength(1);
    expect(rowTexts().map((t) => ['Electrical', 'Civil', 'Mechanical'].find((n) => t.includes(n)))).toEqual([
      'Electrical',
      'Civil',
      'Mechanical',
    ]);
    expect(rowOf('Electrical Engineering').className).toContain('row-saved');
    expect(rowCount()).toBe('3 of 3');
    const cached = queryClient.getQueryData<ListData>(qk.list('/api/department', {}));
    expect(cached?.pages[0].data.map((r) => r.id)).toEqual(['d-eee', 'd-civil', 'd-mech']);
    expect(queryClient.getQueryState(qk.attainmentView('program', 'p1'))?.isInvalidated).toBe(true);
  });

  it('replaces an edited record in place with the version the server answered', async () => {
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === LIST) return { body: { data: [civil, mech], next: null } };
      if (method === 'PUT' && url === '/api/department/d-civil') {
        const { version, ...fields } = body as Record<string, unknown>;
        return { body: { message: 'successfully updated', data: rec('d-civil', fields, Number(version) + 1) } };
      }
    });
    const { queryClient } = renderApp(<EntityPage entityName="department" />);
    await screen.findByText('Civil Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Civil Engineering' }));
    fireEvent.change(await screen.findByLabelText('Chairman / HOD'), { target: { value: 'Dr. S. Iyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Dr. S. Iyer');
    // The PUT sent the version it read; the list was read once.
    expect(server.calls('PUT', '/api/department/d-civil')[0].body).toMatchObject({ version: 1, chairman: 'Dr. S. Iyer' });
    expect(server.calls('GET', LIST)).toHaveLength(1);
    expect(rowTexts()[0]).toContain('Dr. S. Iyer');
    expect(rowOf('Dr. S. Iyer').className).toContain('row-saved');
    const cached = queryClient.getQueryData<ListData>(qk.list('/api/department', {}));
    expect(cached?.pages[0].data.map((r) => [r.id, r.version])).toEqual([
      ['d-civil', 2],
      ['d-mech', 1],
    ]);
  });

  it('takes a deleted record out of the cached list without reading it again', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === LIST) return { body: { data: [civil, mech], next: null } };
      if (method === 'DELETE' && url === '/api/department/d-mech') return { body: { message: 'successfully deleted' } };
    });
    renderApp(<EntityPage entityName="department" />);
    await screen.findByText('Mechanical Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Mechanical Engineering' }));
    const dialog = (await screen.findByText(/Delete department "Mechanical Engineering"/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Mechanical Engineering')).toBeNull());
    expect(server.calls('DELETE', '/api/department/d-mech')).toHaveLength(1);
    expect(server.calls('GET', LIST)).toHaveLength(1);
    expect(rowCount()).toBe('1 of 1');
  });

  it('reads the next server page only when asked, with the cursor the last page gave', async () => {
    const full = Array.from({ length: 100 }, (_, i) =>
      rec(`d-${i}`, { name: `Department ${String(i).padStart(3, '0')}`, short_name: `D${i}` }),
    );
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === LIST) return { body: { data: full, next: 'cursor-1' } };
      if (method === 'GET' && url === `${LIST}&next=cursor-1`) return { body: { data: [mech], next: null } };
    });
    renderApp(<EntityPage entityName="department" />);
    await screen.findByText('Department 000');
    expect(rowCount()).toBe('100 of 100 read; more on the server');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowCount()).toBe('101 of 101'));
    expect(server.gets()).toEqual([LIST, `${LIST}&next=cursor-1`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the chosen filters to the server as query parameters', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/Course-Curriculum?')) return { body: { data: [], next: null } };
      if (method === 'GET' && url.startsWith('/api/curriculum?'))
        return { body: { data: [rec('cur1', { name: 'B.Tech 2024' })], next: null } };
      if (method === 'GET' && url.startsWith('/api/term?'))
        return { body: { data: [rec('t1', { name: 'Term 1', number: 1, curriculum: 'cur1' })], next: null } };
    });
    renderApp(<EntityPage entityName="course-curriculum" filters={['curriculum', 'term']} />, '/curriculum?curriculum=cur1&term=t1');
    await waitFor(() => expect(server.gets()).toContain('/api/Course-Curriculum?curriculum=cur1&term=t1&limit=100'));
  });

  it('"Save and add another" saves, lists the record, and opens an empty form for the next one', async () => {
    let n = 0;
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === LIST) return { body: { data: [civil], next: null } };
      if (method === 'POST' && url === '/api/department')
        return { status: 201, body: { message: 'successfully created', data: rec(`d-new-${++n}`, body as Record<string, unknown>) } };
    });
    renderApp(<EntityPage entityName="department" />, '/configuration/department');
    await screen.findByText('Civil Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Electrical Engineering' } });
    fireEvent.change(screen.getByLabelText(/^Short name/), { target: { value: 'EEE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and add another' }));
    await waitFor(() => expect(rowTexts().join('|')).toContain('Electrical Engineering'));
    // The form stays open, empty, with the cursor in its first field.
    const dialog = screen.getByRole('dialog', { name: 'Add department' });
    await waitFor(() => expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/)));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Electronics Engineering' } });
    fireEvent.change(within(dialog).getByLabelText(/^Short name/), { target: { value: 'ECE' } });
    // Save (not "and add another") closes it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add department' })).toBeNull());
    expect(server.calls('POST', '/api/department').map((c) => (c.body as { name: string }).name)).toEqual([
      'Electrical Engineering',
      'Electronics Engineering',
    ]);
    expect(rowTexts().join('|')).toMatch(/Electronics Engineering.*Electrical Engineering/);
  });

  it('offers "Save and add another" only when adding, not when editing', async () => {
    mockServer((method, url) => {
      if (method === 'GET' && url === LIST) return { body: { data: [civil], next: null } };
    });
    renderApp(<EntityPage entityName="department" />, '/configuration/department');
    await screen.findByText('Civil Engineering');
    fireEvent.click(within(rowOf('Civil Engineering')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit department' });
    expect(within(dialog).queryByRole('button', { name: 'Save and add another' })).toBeNull();
  });
});
