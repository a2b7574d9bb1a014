import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoPoMatrixPage } from '../src/features/curriculum/co-po-matrix-page';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A course with two COs against PO1, PO2 and PSO1, CO1-PO1 already 2. */
const view = (cells: Record<string, Record<string, number>>, version: number) => ({
  course: 'k1',
  cells,
  version,
  cos: [rec('co1', { code: 'CO1', statement: 'First' }), rec('co2', { code: 'CO2', statement: 'Second' })],
  outcomes: [
    rec('po1', { po_reference: 'PO1', outcome_type: 'PO', statement: 'Knowledge' }),
    rec('po2', { po_reference: 'PO2', outcome_type: 'PO', statement: 'Analysis' }),
    rec('pso1', { po_reference: 'PSO1', outcome_type: 'PSO', statement: 'Software' }),
  ],
  articulation_rule: 'Average',
  articulation: {},
});

function renderMatrix() {
  const server = mockServer((method, url, body) => {
    if (method === 'GET' && url === '/api/co-po-matrix/k1') return { body: { data: view({ co1: { po1: 2 } }, 0) } };
    if (method === 'PUT' && url === '/api/co-po-matrix/k1')
      return {
        body: { message: 'successfully updated', data: view((body as { cells: Record<string, Record<string, number>> }).cells, 1) },
      };
    if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
  });
  renderApp(<CoPoMatrixPage />, '/curriculum/co-po-maping?curriculum=cur1&term=t1&course=k1');
  return server;
}
const cell = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('the CO-PO matrix from the keyboard', () => {
  it('takes 1/2/3/- typed into cells, moving on after each, and the arrows move between cells', async () => {
    const server = renderMatrix();
    (await screen.findByLabelText('CO1 PO1')).focus();
    // A whole row typed: 3, -, 1 (the first cell's 2 becomes 3), then on to CO2's first cell.
    for (const key of ['3', '-', '1']) fireEvent.keyDown(document.activeElement as Element, { key });
    expect(document.activeElement).toBe(cell('CO2 PO1'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement as Element, { key: '2' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cell('CO1 PSO1'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Delete' });
    expect([cell('CO1 PO1').value, cell('CO1 PO2').value, cell('CO1 PSO1').value, cell('CO2 PO2').value]).toEqual(['3', '', '', '2']);
    fireEvent.click(screen.getByRole('button', { name: 'Save matrix' }));
    await waitFor(() => expect(server.calls('PUT', '/api/co-po-matrix/k1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/co-po-matrix/k1')[0].body).toEqual({ version: 0, cells: { co1: { po1: 3 }, co2: { po2: 2 } } });
  });

  it('pastes a block copied from a spreadsheet from the focused cell, after showing what changes', async () => {
    renderMatrix();
    const first = await screen.findByLabelText('CO1 PO1');
    // Two rows of three cells, one of them not a level: it is named and left alone.
    fireEvent.paste(first, { clipboardData: { getData: () => '2\t3\t-\n1\tx\t3\n' } });
    const preview = await screen.findByRole('dialog', { name: 'Paste into the matrix' });
    const changes = within(preview).getByRole('list', { name: 'Cells the paste changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CO1 PO2: - → 3', 'CO2 PO1: - → 1', 'CO2 PSO1: - → 3']);
    expect(within(preview).getByRole('list', { name: 'Cells left as they are' }).textContent).toContain(
      'Row 2, cell 2: "x" is not 1, 2, 3 or -',
    );
    // Nothing changes until the person says so.
    expect(cell('CO1 PO2').value).toBe('');
    fireEvent.click(within(preview).getByRole('button', { name: 'Change 3 cells' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste into the matrix' })).toBeNull());
    expect([cell('CO1 PO1').value, cell('CO1 PO2').value, cell('CO2 PO1').value, cell('CO2 PO2').value, cell('CO2 PSO1').value]).toEqual([
      '2',
      '3',
      '1',
      '',
      '3',
    ]);
  });
});
