import { readFileSync, writeFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { DEMO_CURRENT_YEAR } from '../functions/src/local/seed/demo-campus.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SHOTS, launchChromium, signedInPage } from './browser.js';

/**
 * Issue 30: the newcomer's job, done through the pages only, as a new college administrator does it, counting every
 * mouse click. The job: a new course (code, title, L-T-P), its 5 COs (statement, Bloom's level), its CO-PO matrix
 * over all the program's POs and PSOs (pasted from a spreadsheet), an ISE and an ESE occasion each with a question
 * paper of 5 questions tied to COs (pasted from a spreadsheet), the marks of the course's students in both (the
 * occasion's CSV template downloaded, filled, uploaded), the course's CO attainment, and the program's SAR (DOCX).
 *
 * Where: the demo group's second campus (East Campus, signed in as its administrator), in its demo program B.Tech
 * CSE, curriculum "Published CO-PO samples", Term 5; its 30 students of section A are on the curriculum's roster, so
 * the course has students without more setup. Not the first demo campus: the e2e stack is shared by every file of a
 * run in no fixed order, and other files count that campus's courses and years (structure, attainment, reports).
 * Signing in is not counted.
 *
 * What counts as a click: every mouse click, made through `click` only (a menu entry or side tab, a button, a
 * dropdown opened and an option chosen with the mouse as a newcomer does: 2; a cell or field clicked to paste into
 * it; a template's download; the "Choose filled file" button that opens the file chooser). What does not: typing into
 * a field reached by Tab (`fill`), into a dropdown's search box, Tab, Enter, arrows, and a paste (Ctrl+V) into the
 * focused cell; filling the downloaded marks template is the spreadsheet's work, not the product's. The count is
 * printed per step, with how many went on dropdowns and on navigation. The test waits for what a person waits for
 * (text, a dialog, a download), never for a fixed time.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
/** The East Campus administrator: seeded by the demo group with the demo admin's password. */
const EAST_ADMIN = { email: 'admin@east.attain.example', password: admin.password };
const CURRICULUM = 'Published CO-PO samples';
const COURSE = { code: 'CS351', title: 'Compiler Design', l: '3', t: '1', p: '0', credits: '4' };
const COS = [
  ['CO1', 'Explain the phases of a compiler and the role of each.', 'K2'],
  ['CO2', 'Construct lexical analysers from regular expressions.', 'K3'],
  ['CO3', 'Construct LL and LR parsers for a given grammar.', 'K3'],
  ['CO4', 'Generate intermediate code for expressions and control flow.', 'K3'],
  ['CO5', 'Analyse code optimisations and their effect on run time.', 'K4'],
] as const;
/** The question papers as a teacher keeps them in a spreadsheet: question, max marks, CO (Bloom's level from the CO). */
const PAPERS = {
  ISE: {
    name: 'ISE 1',
    total: 20,
    rows: [
      ['1', 4, 'CO1'],
      ['2', 4, 'CO2'],
      ['3', 4, 'CO3'],
      ['4', 4, 'CO1'],
      ['5', 4, 'CO2'],
    ],
  },
  ESE: {
    name: 'ESE',
    total: 50,
    rows: [
      ['1', 10, 'CO1'],
      ['2', 10, 'CO2'],
      ['3', 10, 'CO3'],
      ['4', 10, 'CO4'],
      ['5', 10, 'CO5'],
    ],
  },
} as const;

const STEPS = ['course', 'COs', 'matrix', 'papers', 'marks', 'results', 'SAR'] as const;
type Step = (typeof STEPS)[number];
/** Clicks per step of the job. */
const clicks = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
/** Of those, the clicks on dropdowns (open + choose) and on the menu and side tabs, for the report. */
const spent = { dropdowns: 0, navigation: 0 };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await signedInPage(browser, url, EAST_ADMIN, { width: 1366, height: 900 });
});
afterAll(async () => browser?.close());

/** The one way this test clicks: counts the click against `step`, then makes it. */
async function click(target: Locator, step: Step): Promise<void> {
  clicks[step] += 1;
  await target.click();
}

/**
 * Opens the dropdown whose input is `#id` (1 click), types `search` into its filter when it has one (a long list),
 * and picks `option` (1 click).
 */
async function choose(id: string, option: string | RegExp, step: Step, search?: string): Promise<void> {
  await click(page.locator(`.p-dropdown:has(#${id})`), step);
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const filter = panel.locator('input.p-dropdown-filter');
  if (search && (await filter.count())) await filter.fill(search);
  await click(panel.getByRole('option', { name: option }).first(), step);
  await panel.waitFor({ state: 'detached' });
  spent.dropdowns += 2;
}

/** What the dropdown whose input is `#id` shows (its chosen option's label), within `scope`. */
const shown = (scope: Page | Locator, id: string) => scope.locator(`.p-dropdown:has(#${id}) .p-dropdown-label`).textContent();

/** Chooses `option` in the dropdown `#id` only when it does not show it already: what a person checks, then changes. */
async function chooseIfNeeded(scope: Page | Locator, id: string, option: RegExp, step: Step, search?: string): Promise<void> {
  if (!option.test((await shown(scope, id)) ?? '')) await choose(id, option, step, search);
}

/** Opens an area from the top menu. */
async function area(name: string, step: Step): Promise<void> {
  await click(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }), step);
  spent.navigation += 1;
}

/** Opens a side tab of `areaName`, and waits for its heading. */
async function tab(areaName: string, name: string, step: Step, heading: string | RegExp = name): Promise<void> {
  await click(page.getByRole('navigation', { name: areaName }).getByRole('link', { name, exact: true }), step);
  spent.navigation += 1;
  await page.getByRole('heading', { level: 2, name: heading }).first().waitFor();
}

/** Ctrl+V of `text` copied from a spreadsheet into the focused element (a paste event, as the browser fires it). */
async function paste(text: string): Promise<void> {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Waits for the popup message saying `text`, as a person reads it after a save. */
const said = (text: string | RegExp) => page.getByText(text).first().waitFor();

/**
 * The day `month`-`day` of the campus's current academic year (the demo sets 2025-26; June start), typed as the campus
 * writes dates (dd/mm/yyyy): the occasion counts in that year, the one its Academic year field starts from.
 */
function dayOfThisYear(month: number, day: number): string {
  const start = Number(DEMO_CURRENT_YEAR.slice(0, 4));
  const year = month >= 6 ? start : start + 1;
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** Adds the ISE or ESE occasion of the course from the open occasion list, then opens and pastes its question paper. */
async function occasionWithPaper(kind: keyof typeof PAPERS, held: string): Promise<void> {
  const paper = PAPERS[kind];
  await click(page.getByRole('button', { name: 'ADD' }).last(), 'papers');
  const form = page.getByRole('dialog', { name: 'Add assessment occasion' });
  await form.waitFor();
  // The course worked on under Curriculum is still chosen here; a new occasion starts as an ISE on the ISE/MSE page and
  // as an ESE under ESE Question Papers.
  await expect.poll(() => shown(form, 'f-course')).toContain(COURSE.title);
  await chooseIfNeeded(form, 'f-course', new RegExp(COURSE.title), 'papers', COURSE.code);
  await expect.poll(() => shown(form, 'f-kind')).toBe(kind);
  await form.locator('#f-name').fill(paper.name);
  await form.locator('#f-section').fill('A');
  await form.locator('#f-total_marks').fill(String(paper.total));
  await form.locator('#f-held_on').fill(held);
  await click(form.getByRole('button', { name: 'Save', exact: true }), 'papers');
  await said(`Assessment occasion "${paper.name}" successfully created`);
  await form.waitFor({ state: 'hidden' });

  await click(page.getByRole('button', { name: `Question paper of ${paper.name}`, exact: true }), 'papers');
  // A paper with no questions opens with the keyboard in question 1: the paper is pasted there.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Question 1 number');
  await paste(['Q.No.\tMax marks\tCO', ...paper.rows.map((r) => r.join('\t'))].join('\n'));
  const preview = page.getByRole('dialog', { name: 'Paste a question paper' });
  await preview.getByRole('list', { name: 'Questions read' }).getByText('Q5 · ').waitFor();
  await click(preview.getByRole('button', { name: `Use these ${paper.rows.length} questions` }), 'papers');
  await expect.poll(() => page.getByTestId('paper-total').textContent()).toBe(`Total ${paper.total} of ${paper.total} marks ✓`);
  // The Bloom's level came from each question's CO (CO2: K3).
  expect(await page.getByLabel("Question 2 Bloom's level").locator('option:checked').textContent()).toMatch(/^K3/);
  await click(page.getByRole('button', { name: 'Save paper' }), 'papers');
  await said('Question paper successfully updated');
}

/** From an open marks list: the occasion's marks sheet, its CSV template, filled and uploaded, and saved. */
async function marksOf(name: string, kind: keyof typeof PAPERS): Promise<void> {
  await click(page.getByRole('button', { name: `Marks of ${name} ${COURSE.code}` }), 'marks');
  await page.getByRole('heading', { name: new RegExp(`^Marks: ${name} · ${COURSE.code}`) }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    click(page.getByRole('button', { name: 'Template (CSV)' }), 'marks'),
  ]);
  // In the spreadsheet: a mark for every student and question, up to the question's maximum (0.5 steps).
  const questions = PAPERS[kind].rows;
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  let n = 0;
  const filled = lines.map((line, i) => {
    if (i < 3 || !line.endsWith(','.repeat(questions.length))) return line;
    n += 1;
    const marks = questions.map(([, max], q) => Math.round(max * [0.9, 0.75, 0.55, 0.8, 0.4, 0.65][(n + q) % 6] * 2) / 2);
    return `${line.slice(0, line.length - questions.length)},${marks.join(',')}`;
  });
  expect(n).toBe(30);
  const file = `${SHOTS}/../newcomer-${kind}-marks.csv`;
  writeFileSync(file, filled.join('\n'));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page.getByText('Choose filled file'), 'marks')]);
  await chooser.setFiles(file);
  await page.getByTestId('marks-preview').getByText('30 students with marks').waitFor();
  await click(page.getByRole('button', { name: 'Save marks of 30 students' }), 'marks');
  await said('Saved: 30 students with marks');
  // The sheet's own line, not only the message (the ISE's may still be showing when the ESE's is saved).
  await expect
    .poll(() => page.locator('.marks-sheet > p.hint').first().textContent())
    .toContain('30 students on the roster of section A; 30 with marks');
}

it("a newcomer's course, COs, CO-PO matrix, ISE/ESE question papers, marks, CO attainment and SAR take at most 50 clicks", async () => {
  const started = Date.now();

  // The course: Curriculum > Courses, the curriculum and term chosen, ADD, code, title and L-T-P typed.
  await area('Curriculum', 'course');
  await page.getByRole('heading', { level: 2, name: 'Courses' }).waitFor();
  await choose('filter-curriculum', CURRICULUM, 'course');
  await choose('filter-term', 'Term 5', 'course');
  await click(page.getByRole('button', { name: 'ADD' }), 'course');
  const courseForm = page.getByRole('dialog', { name: 'Add course' });
  await courseForm.waitFor();
  await courseForm.locator('#f-code').fill(COURSE.code);
  await courseForm.locator('#f-title').fill(COURSE.title);
  await courseForm.locator('#f-lecture_credits').fill(COURSE.l);
  await courseForm.locator('#f-tutor_credits').fill(COURSE.t);
  await courseForm.locator('#f-practical_credits').fill(COURSE.p);
  await courseForm.locator('#f-practical_credits').press('Tab');
  // Total credits are worked out from L-T-P (3 + 1 + 0/2).
  await expect.poll(() => courseForm.locator('#f-total_credits').inputValue()).toBe(COURSE.credits);
  // The campus's one department is the reviewer department already.
  await expect.poll(() => shown(courseForm, 'f-reviewer_department')).toBe('Computer Science and Engineering');
  await click(courseForm.getByRole('button', { name: 'Save', exact: true }), 'course');
  await said(`Course "${COURSE.title}" successfully created`);
  await page.getByRole('table', { name: 'Courses' }).getByText(COURSE.code).waitFor();

  // The COs: Curriculum > Course Outcomes, the course chosen, ADD, then "Save and add another" for all but the last.
  await tab('Curriculum', 'Course Outcomes', 'COs');
  // The course just added is the one being worked on: the tab opens on it.
  await chooseIfNeeded(page, 'filter-course', new RegExp(COURSE.title), 'COs', COURSE.code);
  await click(page.getByRole('button', { name: 'ADD' }), 'COs');
  const coForm = page.getByRole('dialog', { name: 'Add course outcome' });
  for (const [i, [code, statement, level]] of COS.entries()) {
    await coForm.locator('#f-code').waitFor();
    await expect.poll(() => coForm.locator('#f-code').inputValue()).toBe('');
    await coForm.locator('#f-code').fill(code);
    await coForm.locator('#f-statement').fill(statement);
    // The Bloom's level follows the statement's verb; it is changed only where the verb gives another level. The
    // delivery method is the one chosen for the CO before ("Save and add another" keeps the choices).
    await expect.poll(() => shown(coForm, 'f-cognitive_domain')).not.toBe('Select');
    await chooseIfNeeded(coForm, 'f-cognitive_domain', new RegExp(`^${level} `), 'COs', level);
    await chooseIfNeeded(coForm, 'f-delivery_method', /^Lecture/, 'COs');
    const last = i === COS.length - 1;
    await click(coForm.getByRole('button', { name: last ? 'Save' : 'Save and add another', exact: true }), 'COs');
    await said(`Course outcome "${code}" successfully created`);
  }
  await coForm.waitFor({ state: 'hidden' });
  await page.getByRole('table', { name: 'Course Outcomes' }).getByText('CO5').waitFor();

  // The CO-PO matrix: Curriculum > CO-PO Mapping, the course chosen, the first cell clicked and the block pasted.
  await tab('Curriculum', 'CO-PO Mapping', 'matrix', 'CO-PO Mapping');
  // The course chosen on the Course Outcomes tab is still chosen.
  await chooseIfNeeded(page, 'filter-course', new RegExp(COURSE.title), 'matrix', COURSE.code);
  const matrix = page.getByRole('table', { name: 'CO-PO matrix' });
  await matrix.waitFor();
  const outcomes = (await matrix.locator('thead th').allTextContents()).slice(1);
  expect(outcomes.filter((o) => o.startsWith('PSO')).length).toBeGreaterThan(0);
  const levels = ['3', '2', '-', '1', '-', '2', '-'];
  const block = COS.map((_, r) => outcomes.map((_o, c) => levels[(r * 3 + c) % levels.length]).join('\t')).join('\n');
  const mapped = block.split(/[\t\n]/).filter((v) => v !== '-').length;
  await click(matrix.getByLabel(`CO1 ${outcomes[0]}`, { exact: true }), 'matrix');
  await paste(block);
  const matrixPreview = page.getByRole('dialog', { name: 'Paste into the matrix' });
  await click(matrixPreview.getByRole('button', { name: `Change ${mapped} cells` }), 'matrix');
  await matrixPreview.waitFor({ state: 'hidden' });
  expect(await matrix.getByLabel(`CO1 ${outcomes[0]}`, { exact: true }).inputValue()).toBe('3');
  await click(page.getByRole('button', { name: 'Save matrix' }), 'matrix');
  await said('CO-PO matrix successfully updated');

  // The ISE: Assessments > ISE/MSE Occasions, ADD; its question paper from the row. The ESE: under ESE Question Papers.
  const ise = dayOfThisYear(9, 15);
  const ese = dayOfThisYear(11, 20);
  await area('Assessments', 'papers');
  await tab('Assessments', 'ISE/MSE Occasions', 'papers');
  await occasionWithPaper('ISE', ise);
  await tab('Assessments', 'ESE Question Papers', 'papers');
  await occasionWithPaper('ESE', ese);

  // The marks: Attainment > CIA Data Entry for the ISE, ESE Data Import for the ESE.
  await area('Attainment', 'marks');
  await page.getByRole('heading', { level: 2, name: 'CIA Data Entry' }).waitFor();
  await marksOf(PAPERS.ISE.name, 'ISE');
  await tab('Attainment', 'ESE Data Import', 'marks');
  await marksOf(PAPERS.ESE.name, 'ESE');

  // The results: the marks sheet's link to the course's CO attainment.
  await click(page.getByRole('link', { name: 'See CO attainment' }), 'results');
  const attainment = page.getByRole('table', { name: 'CO attainment' });
  await attainment.waitFor({ timeout: 30_000 });
  for (const [code] of COS) await attainment.getByRole('row', { name: new RegExp(`^${code} `) }).waitFor();
  expect(await page.getByTestId('method-line').textContent()).toContain('30 students');
  await page.locator('canvas').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/newcomer-co-attainment.png`, fullPage: true });

  // The SAR: Reports > NBA SAR Export of the program, downloaded as DOCX.
  await area('Reports', 'SAR');
  await tab('Reports', 'NBA SAR Export', 'SAR');
  await expect
    .poll(() => page.locator('.p-dropdown:has(#pick-program) .p-dropdown-label').textContent())
    .toBe('B.Tech Computer Science and Engineering');
  const [sar] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    click(page.getByRole('button', { name: 'Download DOCX' }), 'SAR'),
  ]);
  const docx = unzipSync(new Uint8Array(readFileSync(await sar.path())));
  // Criterion 3.1 shows the new course's articulation matrix.
  expect(strFromU8(docx['word/document.xml'])).toContain(COURSE.code);

  const total = STEPS.reduce((t, s) => t + clicks[s], 0);
  console.log(
    `newcomer job: ${total} clicks (course ${clicks.course}, COs ${clicks.COs}, matrix ${clicks.matrix}, papers ${clicks.papers}, ` +
      `marks ${clicks.marks}, results ${clicks.results}, SAR ${clicks.SAR})`,
  );
  console.log(
    `newcomer job: of the ${total}, ${spent.dropdowns} on dropdowns (open + choose), ${spent.navigation} on the menu and side tabs; ` +
      `${Math.round((Date.now() - started) / 1000)} s`,
  );
  // The aim: a quarter of the ~200 clicks the same job took when counted by hand, so at most 50. Measured 79 at first
  // (course 9, COs 29, matrix 6, papers 21, marks 10, results 1, SAR 3); then 49 once a new CO's Bloom's level followed
  // its verb, "Save and add another" kept the choices, a required choice with one record started chosen, the course
  // being worked on followed across tabs and areas, and an empty question paper opened with the keyboard in question 1.
  expect(total).toBeLessThanOrEqual(50);
}, 600_000);
