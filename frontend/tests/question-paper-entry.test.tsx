import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionPaperPage } from '../src/features/assessments/question-paper-page';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = (data: unknown[]) => ({ body: { data, next: null } });
/** An ISE of 10 marks for course k1, whose CO1 is at K2 (Understand) and CO2 at K3 (Apply). */
function renderPaper() {
  const server = mockServer((method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/occasion')
      return list(u.searchParams.get('kind') === 'ISE' ? [rec('o1', { name: 'ISE 1', kind: 'ISE', course: 'k1', total_marks: 10 })] : []);
    if (method === 'GET' && u.pathname === '/api/Course-Outcome')
      return list([
        rec('co1', { code: 'CO1', course: 'k1', cognitive_domain: 'k2' }),
        rec('co2', { code: 'CO2', course: 'k1', cognitive_domain: 'k3' }),
      ]);
    if (method === 'GET' && u.pathname === '/api/bloom-level')
      return list([
        rec('k2', { name: 'Understand', level_of_learning: 'K2' }),
        rec('k3', { name: 'Apply', level_of_learning: 'K3' }),
        rec('k4', { name: 'Analyse', level_of_learning: 'K4' }),
      ]);
    if (method === 'GET' && u.pathname === '/api/question-paper/o1')
      return { body: { data: { occasion: 'o1', questions: [], version: 0, occasion_total: 10 } } };
    if (method === 'GET' && u.pathname.startsWith('/api/')) return list([]);
  });
  renderApp(
    <QuestionPaperPage kinds={['ISE', 'MSE']} title="ISE/MSE question paper" />,
    '/assessments/manage-ise-mse-qp-rubrics?occasion=o1',
  );
  return server;
}
const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('the question paper, in fewer clicks', () => {
  it("takes a question's Bloom's level from its CO, and Enter moves on to a new question", async () => {
    renderPaper();
    await screen.findByLabelText('Question 1 number');
    await waitFor(() => expect(select('Question 1 course outcome').options.length).toBe(3));
    fireEvent.change(select('Question 1 course outcome'), { target: { value: 'co1' } });
    expect(select("Question 1 Bloom's level").value).toBe('k2');
    // Another CO: the level follows it, since the person did not choose one.
    fireEvent.change(select('Question 1 course outcome'), { target: { value: 'co2' } });
    expect(select("Question 1 Bloom's level").value).toBe('k3');
    // A level chosen by the person stays when the CO changes.
    fireEvent.change(select("Question 1 Bloom's level"), { target: { value: 'k4' } });
    fireEvent.change(select('Question 1 course outcome'), { target: { value: 'co1' } });
    fireEvent.change(select('Question 1 course outcome'), { target: { value: 'co2' } });
    expect(select("Question 1 Bloom's level").value).toBe('k4');
    fireEvent.keyDown(screen.getByLabelText('Question 1 number'), { key: 'Enter' });
    const second = await screen.findByLabelText('Question 2 number');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect((second as HTMLInputElement).value).toBe('2');
  });

  it('replaces the questions with a paper pasted from a spreadsheet, after a preview naming the rows it cannot use', async () => {
    const server = renderPaper();
    const first = await screen.findByLabelText('Question 1 number');
    await waitFor(() => expect(select('Question 1 course outcome').options.length).toBe(3));
    const sheet = 'Question\tMarks\tCO\tLevel\n1a\t4\tCO1\t\n1b\t6\tco2\tK2\n2\t5\tCO9\t\n';
    fireEvent.paste(first, { clipboardData: { getData: () => sheet } });
    const preview = await screen.findByRole('dialog', { name: 'Paste a question paper' });
    expect(
      within(within(preview).getByRole('list', { name: 'Questions read' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Q1a · 4 marks · CO1 · K2', 'Q1b · 6 marks · CO2 · K2']);
    expect(within(preview).getByRole('list', { name: 'Rows left out' }).textContent).toContain(
      'Row 4 (question 2): "CO9" is not a CO of this course',
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'Use these 2 questions' }));
    await waitFor(() => expect((screen.getByLabelText('Question 2 number') as HTMLInputElement).value).toBe('1b'));
    expect(select('Question 2 course outcome').value).toBe('co2');
    expect(select("Question 2 Bloom's level").value).toBe('k2');
    expect(screen.getByTestId('paper-total').textContent).toContain('Total 10 of 10 marks');
    fireEvent.click(screen.getByRole('button', { name: 'Save paper' }));
    await waitFor(() => expect(server.calls('PUT', '/api/question-paper/o1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/question-paper/o1')[0].body).toEqual({
      version: 0,
      questions: [
        { number: '1a', max_marks: 4, co: 'co1', bloom_level: 'k2' },
        { number: '1b', max_marks: 6, co: 'co2', bloom_level: 'k2' },
      ],
    });
  });
});
