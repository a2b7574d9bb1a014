import { marksTemplate } from '@attain/shared-types';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { marksXlsxLayout, marksXlsxRows } from '../src/features/attainment/marks-xlsx';

const saved: Blob[] = [];
vi.mock('../src/app/save-file', () => ({ saveFile: (blob: Blob) => saved.push(blob) }));
afterEach(() => {
  saved.length = 0;
});

const sheet = {
  questions: [
    { number: '1a', max_marks: 5, co_code: 'CO1' },
    { number: '2', max_marks: 7.5, co_code: 'CO2' },
  ],
  students: [
    { id: 's1', roll_no: '21CS001', name: 'Anu Mathew' },
    { id: 's2', roll_no: '21CS002', name: 'Bala Krishnan' },
  ],
};

/** The worksheet XML of the downloaded file. */
async function worksheetOf(blob: Blob): Promise<string> {
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
  const files = unzipSync(new Uint8Array(bytes));
  return strFromU8(files['xl/worksheets/sheet1.xml']);
}

describe('the marks file as XLSX', () => {
  it('has readable widths, a frozen header, and cells that accept 0 to the maximum or AB', async () => {
    const { downloadXlsx } = await import('../src/components/table/table-export');
    const entered = new Map([['s1', { student: 's1', marks: { '1a': 4, '2': 6.5 } }]]);
    await downloadXlsx('marks', marksXlsxRows(marksTemplate(sheet.questions, sheet.students, entered)), marksXlsxLayout(sheet));
    const xml = await worksheetOf(saved[0]);
    // Widths: roll number 14, name 28, each question 8 characters.
    expect(xml).toMatch(/<col [^>]*min="1" max="1" width="14"/);
    expect(xml).toMatch(/<col [^>]*min="2" max="2" width="28"/);
    // The three head rows and the two student columns stay in view.
    const pane = xml.match(/<pane [^>]*>/)?.[0] ?? '';
    expect([pane.includes('ySplit="3"'), pane.includes('xSplit="2"'), pane.includes('state="frozen"')]).toEqual([true, true, true]);
    // One rule per question over the student rows (4 and 5), with that question's maximum.
    expect(xml).toContain('sqref="C4:C5"');
    expect(xml).toContain('<formula1>OR(UPPER(C4)="AB",AND(ISNUMBER(C4),C4&gt;=0,C4&lt;=5))</formula1>');
    expect(xml).toContain('sqref="D4:D5"');
    expect(xml).toContain('D4&lt;=7.5');
    expect(xml).toContain('Question 2: a mark from 0 to 7.5, or AB for absent');
    // Entered marks are numbers the spreadsheet can add; the head rows keep their text.
    expect(xml).toMatch(/<c r="C4"[^>]*><v>4<\/v>/);
    expect(xml).not.toMatch(/<c r="C4"[^>]*t="(s|inlineStr)"/);
  });
});
