import type { MappedMarksResult, MarksMapping, MarksSheetView } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForeignMarksImport } from '../src/features/attainment/foreign-marks-import';
import { type Answer, mockServer, renderApp } from './support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHEET = {
  occasion: { id: 'o1', name: 'ISE 1', kind: 'ISE', section: 'A', total_marks: 15 },
  course: { id: 'c1', code: '4CS4-05', title: 'Algorithms', curriculum: 'cur1', term: 't1' },
  questions: [
    { number: '1', max_marks: 2, co_code: 'CO1' },
    { number: '2', max_marks: 3, co_code: 'CO1' },
    { number: '3', max_marks: 10, co_code: 'CO2' },
  ],
  students: [
    { id: 's1', roll_no: '25CSA001', name: 'Anita Rao' },
    { id: 's2', roll_no: '25CSA002', name: 'Bharat Iyer' },
  ],
  rows: [],
  version: 0,
  state: 'saved',
} as unknown as MarksSheetView;

/** Moodle's quiz Grades report as downloaded (CSV): one row per attempt, `Q. n /max` columns, the average row last. */
const MOODLE = [
  'Surname,First name,ID number,Email address,State,Started on,Completed,Time taken,Grade/10.00,Q. 1 /2.00,Q. 2 /3.00,Q. 3 /5.00',
  'Rao,Anita,25CSA001,anita@college.edu,Finished,3 March 2026  10:00 AM,3 March 2026  10:40 AM,40 mins,8.00,2.00,2.00,4.00',
  'Guest,Visitor,GUEST9,guest@example.com,Finished,3 March 2026  10:00 AM,3 March 2026  10:40 AM,40 mins,3.00,1.00,1.00,1.00',
  'Overall average,,,,,,,,5.50,1.50,1.50,2.50',
].join('\n');
const fileOf = (text: string, name: string) => Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text });

const PREVIEW: MappedMarksResult = {
  students_with_marks: 1,
  unmarked: 1,
  blank_cells: 0,
  rows: 1,
  absent: 0,
  counts_text: '1 student with marks, 1 without marks: they are left as they were',
  notes: [],
  preview: [],
  version: 0,
  unmatched: [{ row: 3, value: 'GUEST9', reason: 'Nobody on the roster has this roll number' }],
  scaling: [
    {
      column: 'Q. 3 /5.00',
      question: '3',
      out_of: 5,
      max_marks: 10,
      factor: 2,
      text: 'Q. 3 /5.00 (out of 5) → question 3 (out of 10): each mark × 2, rounded to 2 decimals',
    },
  ],
  several_attempts: 0,
  not_in_file: 1,
} as unknown as MappedMarksResult;

function serve(kept: MarksMapping | null, importAnswer: (url: string, body: unknown) => Answer) {
  return mockServer((method, url, body) => {
    if (method === 'GET' && url === '/api/marks/o1/mapping') return { body: { data: { mapping: kept } } };
    if (method === 'POST' && url.startsWith('/api/marks/o1/import')) return importAnswer(url, body);
    return undefined;
  });
}
const pick = async () => {
  fireEvent.change(screen.getByLabelText('Export from another system (CSV or XLSX)'), {
    target: { files: [fileOf(MOODLE, 'quiz-grades.csv')] },
  });
  await screen.findByText(/quiz-grades\.csv/);
};
const value = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement | HTMLInputElement).value;

describe("marks from another system's export", () => {
  it("suggests the mapping from Moodle's header, previews what it will do, and saves", async () => {
    const saved = vi.fn();
    const server = serve(null, (url) =>
      url.includes('dry_run') ? { body: { data: PREVIEW } } : { body: { message: 'Saved', data: PREVIEW } },
    );
    renderApp(<ForeignMarksImport sheet={SHEET} occasionId="o1" saved={saved} />);
    await waitFor(() => expect(server.calls('GET', '/api/marks/o1/mapping')).toHaveLength(1));
    await pick();
    expect(value('Student column')).toBe('ID number');
    expect(value('Column for question 3')).toBe('Q. 3 /5.00');
    expect(value("Question 3's column is out of")).toBe('5');
    expect(screen.getByRole('button', { name: 'Save these marks' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Of several attempts, keep'), { target: { value: 'last' } });
    fireEvent.change(screen.getByLabelText('Column for question 2'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/each mark × 2, rounded to 2 decimals/)).toBeTruthy();
    expect(screen.getByText(/Line 3 \(GUEST9\): Nobody on the roster has this roll number/)).toBeTruthy();
    expect(screen.getByText(/1 student of the roster is not in the file: their marks stay as they are\./)).toBeTruthy();
    const [previewed] = server.calls('POST', '/api/marks/o1/import?dry_run=true');
    expect((previewed!.body as { mapping: MarksMapping }).mapping).toEqual({
      header_row: 0,
      student_column: 'ID number',
      match: 'roll_no',
      attempt: 'last',
      questions: [
        { question: '1', column: 'Q. 1 /2.00', out_of: 2 },
        { question: '3', column: 'Q. 3 /5.00', out_of: 5 },
      ],
    });
    // Only the columns the mapping reads are sent (the first, the student's, the state, the mapped ones), every row kept.
    expect((previewed!.body as { rows: string[][] }).rows.map((r) => r.join('|'))).toEqual([
      'Surname|ID number|State|Q. 1 /2.00|Q. 3 /5.00',
      'Rao|25CSA001|Finished|2.00|4.00',
      'Guest|GUEST9|Finished|1.00|1.00',
      'Overall average|||1.50|2.50',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Save these marks' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(server.calls('POST', '/api/marks/o1/import')).toHaveLength(1);
  });

  it("starts from the mapping kept from the occasion's last import, and shows the server's word beside a question", async () => {
    const kept: MarksMapping = {
      header_row: 0,
      student_column: 'Email address',
      match: 'email',
      attempt: 'first',
      questions: [{ column: 'Q. 1 /2.00', question: '1', out_of: 2 }],
    };
    const server = serve(kept, () => ({
      status: 400,
      body: {
        errors: {
          detail: 'The column mapping does not fit this file and paper: nothing was saved',
          fields: { 'mapping.questions.0.question': 'No such question on the paper' },
        },
      },
    }));
    renderApp(<ForeignMarksImport sheet={SHEET} occasionId="o1" saved={() => undefined} />);
    // The kept mapping is read before the file is picked.
    await waitFor(() => expect(server.calls('GET', '/api/marks/o1/mapping')).toHaveLength(1));
    await pick();
    await waitFor(() => expect(value('Student column')).toBe('Email address'));
    expect(value("It holds each student's")).toBe('email');
    expect(value('Column for question 3')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No such question on the paper')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The column mapping does not fit this file and paper: nothing was saved');
  });

  it('checks the mapping before sending: an "out of" that is not a number is said beside it, a decimal comma is read', async () => {
    const server = serve(null, () => ({ body: { data: PREVIEW } }));
    renderApp(<ForeignMarksImport sheet={SHEET} occasionId="o1" saved={() => undefined} />);
    await waitFor(() => expect(server.calls('GET', '/api/marks/o1/mapping')).toHaveLength(1));
    await pick();
    fireEvent.change(screen.getByLabelText("Question 3's column is out of"), { target: { value: 'five' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('A number of marks')).toBeTruthy();
    expect(server.calls('POST', /\/import/)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Question 3's column is out of"), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(server.calls('POST', /\/import/)).toHaveLength(1));
    const sent = server.calls('POST', /\/import/)[0]!.body as { mapping: MarksMapping };
    expect(sent.mapping.questions.find((q) => q.question === '3')?.out_of).toBe(2.5);
  });
});
