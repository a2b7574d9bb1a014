import {
  REPORTS,
  type ReportView,
  chosenYear,
  currentAcademicYear,
  defaultResultsYear,
  nbaYearLabel,
  pickerYears,
  shiftAcademicYear,
  todayInIndia,
} from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREA_TABS } from '../src/app/navigation';
import CurriculumArea from '../src/features/curriculum/curriculum-area';
import { EntityPage } from '../src/components/entity/entity-page';
import ReportsArea from '../src/features/reports/reports-area';
import { mockServer, rec, renderApp, signInAs } from './support';
import { profileAtom, store } from '../src/app/state';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

/** The files the page saved: name and contents (the download links it clicked). */
let saved: { name: string; blob: Blob }[] = [];
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
const blobs = new Map<string, Blob>();

beforeEach(() => {
  signInAs('admin');
  saved = [];
  blobs.clear();
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, b);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') as Blob });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
});

const SURVEY_PAGES = { 'host-survey': <p>Host page</p>, 'survey-report': <p>Survey report page</p> };
const renderReports = (path: string) =>
  renderApp(
    <Routes>
      <Route path="/reports/*" element={<ReportsArea surveyPages={SURVEY_PAGES} />} />
    </Routes>,
    path,
  );

/** A saved file's text (jsdom's Blob has no `text()`). */
const textOf = (b: Blob) =>
  new Promise<string>((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsText(b);
  });

/** Opens the dropdown whose input has `id` and picks `option`. */
async function choose(id: string, option: string) {
  const dropdown = (await waitFor(() => document.getElementById(id)?.closest('.p-dropdown'))) as HTMLElement;
  fireEvent.click(dropdown.querySelector('.p-dropdown-trigger') as HTMLElement);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** A mapping report of one course with one traced figure and a summary row. */
const MAPPING: ReportView = {
  report: 'mapping-report',
  title: 'Mapping Report',
  context: ['Curriculum: B.Tech CSE 2022', 'Option: All'],
  generated_at: '2026-11-22T10:00:00Z',
  sections: [
    {
      id: 'cs3101',
      title: 'CS3101 Data Structures',
      texts: [{ title: 'Program educational objectives', paragraphs: ['PEO1: Graduates solve computing problems.'] }],
      tables: [
        {
          id: 'co-po',
          title: 'CO-PO mapping of CS3101',
          columns: [
            { key: 'co', label: 'CO' },
            { key: 'po1', label: 'PO1', unit: 'level 0-3' },
          ],
          rows: [
            { co: 'CO1', po1: 3 },
            {
              co: 'CO2',
              po1: {
                value: 2.5,
                text: '2.50',
                trace: {
                  formula: 'mean of the COs mapped to PO1',
                  inputs: [
                    { label: 'CO1 -> PO1', value: 3 },
                    { label: 'CO3 -> PO1', value: 2 },
                  ],
                  rounding: '2 decimals, half up',
                  version: 'GAPC v4',
                  source: 'NBA SAR 2025, Criterion 3.1',
                },
              },
            },
          ],
          footer: [{ co: 'Average', po1: 2.75 }],
          notes: ['3 = substantial, 2 = moderate, 1 = slight.'],
        },
      ],
    },
  ],
};

describe('Reports area (issue 15)', () => {
  it('lists every report of the catalogue in the side menu, in order, and the phone drawer has them too', () => {
    mockServer(() => undefined);
    renderReports('/reports/transpose-prog');
    const menu = screen.getByRole('navigation', { name: 'Reports' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toHaveLength(22);
    expect(labels).toEqual(REPORTS.map((r) => r.label));
    // The SAR's own data follows the export.
    expect(labels.slice(-5)).toEqual([
      'NBA SAR Export',
      'SAR Readiness',
      'SAR: Sections',
      'SAR: Students’ Performance',
      'SAR: First Year Academics',
    ]);
    expect(within(menu).getByRole('link', { name: 'NBA SAR Export' }).getAttribute('href')).toBe('/reports/sar');
    expect(AREA_TABS['/reports'].map((t) => t.label)).toEqual(labels);
  });

  it('asks for the curriculum first, then shows the report with its tables, traced figures and notes', async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100') return { body: { data: [rec('cur1', { name: 'B.Tech CSE 2022' })], next: null } };
      if (url.startsWith('/api/reports/mapping-report?')) return { body: { data: MAPPING } };
      if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
    });
    renderReports('/reports/mapping-report');
    expect(screen.getByRole('heading', { level: 2, name: 'Mapping Report' })).toBeTruthy();
    expect(screen.getByText('Choose a curriculum to see this report.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' }).hasAttribute('disabled')).toBe(true);

    await choose('filter-curriculum', 'B.Tech CSE 2022');
    const table = await screen.findByRole('table', { name: 'CO-PO mapping of CS3101' });
    expect(server.gets().filter((u) => u.startsWith('/api/reports'))).toEqual(['/api/reports/mapping-report?curriculum=cur1']);
    expect(screen.queryByText('Choose a curriculum to see this report.')).toBeNull();
    expect(screen.getByText('Curriculum: B.Tech CSE 2022')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'CS3101 Data Structures' })).toBeTruthy();
    expect(screen.getByText('PEO1: Graduates solve computing problems.')).toBeTruthy();
    expect(screen.getByText('3 = substantial, 2 = moderate, 1 = slight.')).toBeTruthy();
    // Headers carry the unit; plain values and the summary row show as text.
    expect(within(table).getByRole('columnheader', { name: /PO1 \(level 0-3\)/ })).toBeTruthy();
    const co1 = within(table).getByText('CO1').closest('tr') as HTMLElement;
    expect(within(co1).getByText('3')).toBeTruthy();
    expect(within(table.querySelector('tfoot') as HTMLElement).getByText('2.75')).toBeTruthy();

    // The option and map state pickers: All by default.
    expect(document.getElementById('pick-option')?.closest('.p-dropdown')?.textContent).toContain('All');

    // The figure is a button with its trace in its tooltip; it opens a panel with inputs, formula and rounding.
    const figure = within(table).getByRole('button', { name: /^2\.50: how PO1 of CO2 was computed/ });
    expect(figure.getAttribute('title')).toContain('mean of the COs mapped to PO1');
    fireEvent.click(figure);
    const trace = await screen.findByRole('complementary');
    expect(within(trace).getByRole('heading', { name: 'How PO1 of CO2 was computed' })).toBeTruthy();
    const pairs = [...trace.querySelectorAll('dl > div')].map(
      (d) => `${d.querySelector('dt')?.textContent}: ${d.querySelector('dd')?.textContent}`,
    );
    expect(pairs).toEqual([
      'CO1 -> PO1: 3',
      'CO3 -> PO1: 2',
      'Formula: mean of the COs mapped to PO1',
      'Version: GAPC v4',
      'Source: NBA SAR 2025, Criterion 3.1',
      'Rounding: 2 decimals, half up',
    ]);
  });

  it("exports a report table's rows, figures as shown and the summary row, as CSV named after the report and table", async () => {
    mockServer((method, url) => {
      if (url.startsWith('/api/reports/mapping-report?')) return { body: { data: MAPPING } };
      if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
    });
    renderReports('/reports/mapping-report?curriculum=cur1');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CO-PO mapping of CS3101 as CSV' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['mapping-report-co-po.csv']));
    const lines = (await textOf(saved[0].blob))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual(['CO,PO1 (level 0-3)', 'CO1,3', 'CO2,2.50', 'Average,2.75']);
  });
});

/** A fetch answering JSON routes from `json` and the SAR's files (or `fileError` with its detail), recording every call. */
function sarServer(fileError?: { status: number; detail: string }) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/program?')) {
      return json({
        data: [
          rec('p1', {
            title: 'B.Tech Computer Science and Engineering',
            acronym: 'B.Tech CSE',
            sar_version: 'SAR 2019 (UG Tier II)',
            department: 'd1',
          }),
          rec('p2', { title: 'M.Tech VLSI', acronym: 'M.Tech VLSI' }),
        ],
        next: null,
      });
    }
    if (url.startsWith('/api/Course-Curriculum?program=p1'))
      return json({
        data: [rec('k1', { code: 'CS3101', title: 'Data Structures' }), rec('k2', { code: 'CS3102', title: 'Algorithms' })],
        next: null,
      });
    if (url.startsWith('/api/reports/sar/p1') && url.includes('format=json')) {
      // The server's year: the one asked for, else the campus's current academic year (set to 2025-26).
      const asked = new URLSearchParams(url.split('?')[1]).get('year');
      const choice = asked ? chosenYear(asked, '2025-26') : defaultResultsYear([['2025-26', '2024-25', '2023-24']], '2025-26');
      const years = [0, -1, -2].map((k) => shiftAcademicYear(choice.year, k));
      return json({
        data: {
          ...MAPPING,
          report: 'sar',
          title: 'SAR',
          // The server names each year by NBA's label from the year the SAR is made for, its CAY.
          context: [`Report year (CAY): ${choice.year}`, `Years: ${years.map((y) => `${nbaYearLabel(y, choice.year)} ${y}`).join(', ')}`],
          program: 'p1',
          program_title: 'B.Tech Computer Science and Engineering',
          years,
          year_choice: choice,
          version: 'SAR 2019 (UG Tier II)',
          criteria: ['3'],
          method_version: 4,
        },
      });
    }
    if (url.startsWith('/api/reports/sar/p1')) {
      if (fileError) return json({ errors: { detail: fileError.detail } }, fileError.status);
      // As the server names the files: the review copy's name ends in "-review".
      const review = url.includes('review=1') ? '-review' : '';
      const format = url.includes('format=pdf') ? 'pdf' : 'docx';
      return new Response(new Blob([`file ${format}`]), {
        headers: { 'Content-Disposition': `attachment; filename="SAR-BTech-CSE-2025-26${review}.${format}"` },
      });
    }
    if (/[?&](limit|ids)=/.test(url)) return json({ data: [], next: null });
    return json({ errors: { detail: `No mock for ${url}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, urls: () => fetch.mock.calls.map((c) => String(c[0])) };
}

describe('NBA SAR export page (issue 15)', () => {
  it("sends the chosen year, criteria and courses, shows the program's SAR format in words, and downloads the DOCX with the user's token", async () => {
    const server = sarServer();
    renderReports('/reports/sar');
    expect(await screen.findByText('UG Engineering Tier II (2015-2024, 10 criteria)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Change it in Configuration/ }).getAttribute('href')).toBe(
      '/configuration/program?department=d1',
    );
    // CAY: the campus's current academic year and the five before it; the one before is chosen.
    const years = pickerYears(currentAcademicYear(6, todayInIndia()));
    expect(years).toHaveLength(6);
    await choose('pick-cay', years[1]);
    // Criterion 5 left out; Criterion 3 is then the last one and cannot be left out too.
    fireEvent.click(screen.getByRole('checkbox', { name: /Criterion 5/ }));
    expect((screen.getByRole('checkbox', { name: /Criterion 3/ }) as HTMLInputElement).disabled).toBe(true);
    // One course's matrix for 3.1.
    fireEvent.click(
      (document.getElementById('pick-sar-courses')?.closest('.p-multiselect') as HTMLElement).querySelector(
        '.p-multiselect-trigger',
      ) as HTMLElement,
    );
    fireEvent.click(await screen.findByRole('option', { name: /CS3101 Data Structures/, hidden: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Download DOCX' }));
    expect(await screen.findByRole('button', { name: /Preparing DOCX/ })).toBeTruthy();
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['SAR-BTech-CSE-2025-26.docx']));
    const want = `/api/reports/sar/p1?year=${years[1]}&criteria=3&courses=k1&format=docx`;
    expect(server.fetch).toHaveBeenCalledWith(want, { headers: { Authorization: 'Bearer test-token' } });
    expect(await screen.findByRole('button', { name: 'Download DOCX' })).toBeTruthy();
    // The team's review copy: the same SAR with every figure's notes, named so.
    fireEvent.click(screen.getByRole('button', { name: 'Review copy (PDF)' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toContain('SAR-BTech-CSE-2025-26-review.pdf'));
    expect(server.fetch).toHaveBeenCalledWith(`/api/reports/sar/p1?year=${years[1]}&criteria=3&courses=k1&format=pdf&review=1`, {
      headers: { Authorization: 'Bearer test-token' },
    });
    await screen.findByRole('button', { name: 'Review copy (PDF)' });

    // Show: the same choices as JSON (the review copy, with each figure's notes), drawn as a report.
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('table', { name: 'CO-PO mapping of CS3101' })).toBeTruthy();
    expect(server.urls()).toContain(`/api/reports/sar/p1?year=${years[1]}&criteria=3&courses=k1&format=json&review=1`);
    expect(screen.getByText(`Years: CAY 2025-26, CAYm1 2024-25, CAYm2 2023-24`)).toBeTruthy();
    expect(screen.getByText(`2025-26: the year chosen (current academic year 2025-26)`)).toBeTruthy();
  });

  it('asks for the whole SAR of the program\u2019s format with criteria=all, Criteria 3 and 5 then included and fixed', async () => {
    const server = sarServer();
    renderReports('/reports/sar');
    await screen.findByText('UG Engineering Tier II (2015-2024, 10 criteria)');
    fireEvent.click(screen.getByRole('checkbox', { name: /The whole SAR/ }));
    const c3 = screen.getByRole('checkbox', { name: /Criterion 3/ }) as HTMLInputElement;
    expect(c3.checked && c3.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Download DOCX' }));
    await waitFor(() =>
      expect(server.urls().some((u) => u.startsWith('/api/reports/sar/p1?') && u.includes('criteria=all&format=docx'))).toBe(true),
    );
  });

  it('without a chosen year asks the server for its default, then shows that year in the picker and why', async () => {
    const server = sarServer();
    renderReports('/reports/sar');
    await screen.findByText('UG Engineering Tier II (2015-2024, 10 criteria)');
    expect(screen.getByText(/^\d{4}-\d{2}: the current academic year$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('2025-26: the current academic year')).toBeTruthy();
    expect(server.urls()).toContain('/api/reports/sar/p1?criteria=3%2C5&format=json&review=1');
    const picker = document.getElementById('pick-cay')?.closest('.p-dropdown') as HTMLElement;
    expect(picker.querySelector('.p-dropdown-label')?.textContent).toBe('2025-26');
  });

  it("says why a download failed, in the server's words", async () => {
    sarServer({ status: 400, detail: 'No intake recorded for 2025-26: add it to the program' });
    renderReports('/reports/sar');
    await screen.findByText('UG Engineering Tier II (2015-2024, 10 criteria)');
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The SAR could not be prepared: No intake recorded for 2025-26: add it to the program',
    );
    expect(saved).toEqual([]);
  });
});

describe('Curriculum > Text and Reference Books (issue 15)', () => {
  it("lists a course's books through the generic entity page, filtered by the course", async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/text-reference?course=k1&limit=100')
        return {
          body: {
            data: [
              rec('b1', {
                course: 'k1',
                kind: 'Text book',
                title: 'Introduction to Algorithms',
                authors: 'Cormen, Leiserson, Rivest, Stein',
                year: 2009,
              }),
              rec('b2', { course: 'k1', kind: 'Reference book', title: 'The Art of Computer Programming', authors: 'Knuth', year: 1997 }),
            ],
            next: null,
          },
        };
      if (url === '/api/Course-Curriculum?ids=k1')
        return { body: { data: [rec('k1', { code: 'CS3101', title: 'Data Structures' })], next: null } };
      if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
    });
    renderApp(
      <Routes>
        <Route path="/curriculum/*" element={<CurriculumArea />} />
      </Routes>,
      '/curriculum/text-reference-books?course=k1',
    );
    expect(screen.getByRole('link', { name: 'Text and Reference Books' }).className).toContain('active');
    const table = await screen.findByRole('table', { name: /Text and Reference Books/i });
    const row = within(table).getByText('Introduction to Algorithms').closest('tr') as HTMLElement;
    expect(within(row).getByText('Text book')).toBeTruthy();
    expect(within(table).getByText('The Art of Computer Programming')).toBeTruthy();
    expect(server.gets()).toContain('/api/text-reference?course=k1&limit=100');
  });
});

describe('Configuration > Program: the SAR fields (issue 15)', () => {
  it("offers the three SAR formats (2025 by default) and the intake per academic year in the program's form", async () => {
    mockServer((method, url) => (method === 'GET' && /[?&](limit|ids)=/.test(url) ? { body: { data: [], next: null } } : undefined));
    renderApp(<EntityPage entityName="program" />, '/configuration/program');
    fireEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    const sar = (await screen.findByText('SAR format')).closest('.form-field') as HTMLElement;
    expect(sar.textContent).toContain('2025 (GAPC v4.0, 9 criteria, 11 POs)');
    expect(screen.getByText('Intake per academic year')).toBeTruthy();
  });
});

describe("SAR: Students' Performance", () => {
  const p1 = rec('p1', { title: 'B.E. Computer Engineering', acronym: 'CE' });
  const fileOf = (text: string, name: string) => Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text });

  it('loads batches from a CSV into the chosen program; a refused file lists its rows and says nothing was written', async () => {
    const bad = 'entry_year,sanctioned,admitted,year1_appeared,year1_successful\n2021-22,60,60,60,61\n';
    const good = 'entry_year,sanctioned,admitted\n2021-22,60,58\n2022-23,60,57\n';
    const server = mockServer((method, url, body) => {
      if (url.startsWith('/api/program?')) return { body: { data: [p1], next: null } };
      if (method === 'POST' && url === '/api/batch-performance/import?program=p1')
        return String(body).includes('61')
          ? {
              status: 400,
              body: {
                errors: {
                  detail: 'The file was not loaded: 1 problem (nothing was written)',
                  rows: [{ row: 2, field: 'study_years', message: 'Row 1, Successful: more than the 60 who appeared' }],
                },
              },
            }
          : { body: { message: 'Loaded 2 batches: 1 created, 1 updated', data: { rows: 2, created: 1, updated: 1 } } };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    renderReports('/reports/sar-students?program=p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Load CSV or XLSX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load batches from CSV or XLSX' });
    await waitFor(() => expect(within(dialog).getAllByText('B.E. Computer Engineering').length).toBeGreaterThan(0));
    fireEvent.change(within(dialog).getByLabelText('CSV or XLSX file'), { target: { files: [fileOf(bad, 'batches.csv')] } });
    await within(dialog).findByText('batches.csv: 1 row read.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused.textContent).toContain('Nothing was written');
    expect(refused.textContent).toContain('Row 2, study_years: Row 1, Successful: more than the 60 who appeared');

    fireEvent.change(within(dialog).getByLabelText('CSV or XLSX file'), { target: { files: [fileOf(good, 'batches.csv')] } });
    await within(dialog).findByText('batches.csv: 2 rows read.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    await within(dialog).findByText('Loaded 2 rows: 1 created, 1 updated.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const posts = server.calls('POST', '/api/batch-performance/import?program=p1');
    expect(posts).toHaveLength(2);
    expect(String(posts[1].body).trim().split(/\r?\n/)).toEqual(good.trim().split('\n'));
  });
});

describe('the batch form', () => {
  it('offers the figures Attain holds with their source and fills one only when the person chooses it', async () => {
    const p1 = rec('p1', { title: 'B.E. Computer Engineering' });
    mockServer((method, url) => {
      if (url.startsWith('/api/program?')) return { body: { data: [p1], next: null } };
      if (url === '/api/batch-figures/p1?entry_year=2021-22')
        return {
          body: {
            data: {
              entry_year: '2021-22',
              offers: [
                { field: 'sanctioned', value: 60, source: "The program's intake list, 2021-22" },
                { field: 'admitted', value: 58, source: 'Students on the roll of B.E. CSE 2021' },
              ],
            },
          },
        };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    renderReports('/reports/sar-students?program=p1');
    fireEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    const form = await screen.findByRole('form', { name: 'Batch form' });
    await within(form).findByText('Choose the program and the entry year to see the figures Attain already holds.');
    await choose('f-entry_year', '2021-22');
    await within(form).findByText("N: sanctioned intake: 60 (The program's intake list, 2021-22)");
    expect(
      within(form).getByText('N1: admitted in first year (net of migration): 58 (Students on the roll of B.E. CSE 2021)'),
    ).toBeTruthy();
    const sanctioned = within(form).getByLabelText(/^N: sanctioned intake/) as HTMLInputElement;
    expect(sanctioned.value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Use 60 for N: sanctioned intake' }));
    await waitFor(() => expect(sanctioned.value).toBe('60'));
    expect(within(form).queryByRole('button', { name: 'Use 60 for N: sanctioned intake' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Use 58 for N1: admitted in first year (net of migration)' })).toBeTruthy();
  });
});

describe('SAR sections for a faculty member', () => {
  it('offers Edit on their own sections until approved, and not on a colleague’s', async () => {
    signInAs('faculty');
    const me = store.get(profileAtom);
    if (me) store.set(profileAtom, { ...me, id: 'me' });
    const section = (id: string, owner: string, status: string, item: string) =>
      rec(id, { program: 'p1', sar_format: 'SAR 2025 (GAPC v4)', academic_year: '2025-26', item, owner, status, text: '<p>x</p>' });
    mockServer((method, url) => {
      if (url.startsWith('/api/sar-section?'))
        return {
          body: {
            data: [
              section('s1', 'me', 'Draft', '1.1.2'),
              section('s2', 'me', 'Approved', '1.1.3'),
              section('s3', 'colleague', 'Draft', '1.1.4'),
            ],
            next: null,
          },
        };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    renderReports('/reports/sar-sections');
    await screen.findByRole('button', { name: 'Edit 1.1.2' });
    expect(screen.queryByRole('button', { name: 'Edit 1.1.3' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit 1.1.4' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete 1.1.4' })).toBeNull();
    // They may still add a section of their own, and write it up to review; approving is an administrator's.
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }));
    await screen.findByRole('form', { name: 'SAR section form' });
    const status = (await waitFor(() => document.getElementById('f-status')?.closest('.p-dropdown'))) as HTMLElement;
    fireEvent.click(status.querySelector('.p-dropdown-trigger') as HTMLElement);
    const panel = (await waitFor(() => document.querySelector('.p-dropdown-panel'))) as HTMLElement;
    const offered = within(panel)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(offered).toEqual(['Draft', 'In review']);
  });
});

describe('NBA tables in a SAR section', () => {
  const TIER2 = 'SAR 2019 (UG Tier II)';
  const PAPERS = 'Question papers: marks by CO and by Bloom’s level';
  const filled = [['CS301 Operating Systems', 'ISE 1 (ISE)', '20', 'CO1 14, CO2 6', 'K1 Remember 10, K2 Understand 10']];
  /** The sections page with one Tier II 2.2.2 section holding `rows` in its question-paper table. */
  function sectionsWith(rows: string[][]) {
    const tables = rows.length
      ? [{ title: PAPERS, columns: ['Course', 'Assessment', 'Marks', 'Marks by CO', 'Marks by Bloom’s level'], rows }]
      : [];
    const s1 = rec('s1', { program: 'p1', sar_format: TIER2, academic_year: '2025-26', item: '2.2.2', status: 'Draft', tables });
    return mockServer((method, url, body) => {
      if (url.startsWith('/api/sar-section?')) return { body: { data: [s1], next: null } };
      if (url.startsWith('/api/reports/sar/p1/table-rows?'))
        return {
          body: {
            data: {
              item: '2.2.2',
              year: '2025-26',
              tables: [{ title: PAPERS, columns: [], rows: filled, source: 'The question papers of 2025-26' }],
            },
          },
        };
      if (method === 'PUT' && url === '/api/sar-section/s1') return { body: { data: { ...s1, ...(body as object), version: 2 } } };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
  }
  const cell = (form: HTMLElement, column: string, row: number) =>
    within(form).getByLabelText(`${column}, row ${row} of ${PAPERS}`) as HTMLInputElement;

  it('fills a table from Attain’s data on request, edits it by row, and saves it with the section', async () => {
    const server = sectionsWith([]);
    renderReports('/reports/sar-sections');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 2.2.2' }));
    const form = await screen.findByRole('form', { name: 'SAR section form' });
    const table = within(form).getByRole('region', { name: PAPERS });
    expect(within(table).getByText('No rows yet.')).toBeTruthy();
    // Nothing is read or put in until asked.
    expect(server.calls('GET', /table-rows/)).toHaveLength(0);
    fireEvent.click(within(table).getByRole('button', { name: `Fill ${PAPERS} from Attain’s data` }));
    await waitFor(() => expect(cell(form, 'Marks by CO', 1).value).toBe('CO1 14, CO2 6'));
    expect(server.calls('GET', /table-rows/)[0].url).toBe(
      `/api/reports/sar/p1/table-rows?${new URLSearchParams({ sar_format: TIER2, year: '2025-26', item: '2.2.2' })}`,
    );
    expect(within(table).getByRole('status').textContent).toBe(
      '1 row filled in. Source: The question papers of 2025-26. Check them, then save.',
    );
    fireEvent.change(cell(form, 'Assessment', 1), { target: { value: 'ISE 1 (ISE), section A' } });
    // A row added takes the focus in its first cell; a row removed goes.
    fireEvent.click(within(table).getByRole('button', { name: `Add a row to ${PAPERS}` }));
    await waitFor(() => expect(document.activeElement).toBe(cell(form, 'Course', 2)));
    fireEvent.change(cell(form, 'Course', 2), { target: { value: 'CS302 Networks' } });
    fireEvent.click(within(table).getByRole('button', { name: `Remove row 2 of ${PAPERS}` }));
    expect(within(form).queryByLabelText(`Course, row 2 of ${PAPERS}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/sar-section/s1')).toHaveLength(1));
    const sent = server.calls('PUT', '/api/sar-section/s1')[0].body as { tables: unknown };
    expect(sent.tables).toEqual([
      {
        title: PAPERS,
        columns: ['Course', 'Assessment', 'Marks', 'Marks by CO', 'Marks by Bloom’s level'],
        rows: [['CS301 Operating Systems', 'ISE 1 (ISE), section A', '20', 'CO1 14, CO2 6', 'K1 Remember 10, K2 Understand 10']],
      },
    ]);
  });

  it('says why Attain gives no rows: none held yet, or colleagues’ records only an administrator fills from', async () => {
    for (const [answer, says] of [
      [{ rows: [], source: 'The question papers of 2025-26' }, 'Attain holds no rows for this table yet (The question papers of 2025-26).'],
      [
        { rows: [], source: 'Faculty Contribution', withheld: 'Only a campus administrator fills this table from Attain.' },
        'Only a campus administrator fills this table from Attain.',
      ],
    ] as const) {
      const s1 = rec('s1', { program: 'p1', sar_format: TIER2, academic_year: '2025-26', item: '2.2.2', status: 'Draft' });
      mockServer((method, url) => {
        if (url.startsWith('/api/sar-section?')) return { body: { data: [s1], next: null } };
        if (url.startsWith('/api/reports/sar/p1/table-rows?'))
          return { body: { data: { item: '2.2.2', year: '2025-26', tables: [{ title: PAPERS, columns: [], ...answer }] } } };
        if (method === 'GET') return { body: { data: [], next: null } };
      });
      renderReports('/reports/sar-sections');
      fireEvent.click(await screen.findByRole('button', { name: 'Edit 2.2.2' }));
      const form = await screen.findByRole('form', { name: 'SAR section form' });
      fireEvent.click(within(form).getByRole('button', { name: `Fill ${PAPERS} from Attain’s data` }));
      await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(says));
      expect(within(form).getByText('No rows yet.')).toBeTruthy();
      cleanup();
    }
  });

  it('asks before Attain’s rows replace rows typed in the table, and keeps them when told to', async () => {
    sectionsWith([['Typed by hand', '', '', '', '']]);
    renderReports('/reports/sar-sections');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 2.2.2' }));
    const form = await screen.findByRole('form', { name: 'SAR section form' });
    expect(cell(form, 'Course', 1).value).toBe('Typed by hand');
    fireEvent.click(within(form).getByRole('button', { name: `Fill ${PAPERS} from Attain’s data` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep mine' }));
    expect(cell(form, 'Course', 1).value).toBe('Typed by hand');
    fireEvent.click(within(form).getByRole('button', { name: `Fill ${PAPERS} from Attain’s data` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(cell(form, 'Course', 1).value).toBe('CS301 Operating Systems'));
  });
});
