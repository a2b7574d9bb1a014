import {
  type CampusScope,
  type PlanAction,
  courseCurriculum,
  courseOutcome,
  curriculum,
  labExperiment,
  textReference,
  topic,
} from '@attain/shared-types';
import { improvementPlan } from '../../features/attainment/improvement-plan.js';
import { byCode } from '../../features/curriculum/co-po-matrix.js';
import { getDocument, putDocument } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord, queryByField } from '../../platform/store/records.js';

const OSC = {
  title: 'Operating System Concepts',
  authors: 'Abraham Silberschatz, Peter B. Galvin, Greg Gagne',
  publisher: 'Wiley',
  edition: '10th',
  year: 2018,
};
const MOS = {
  title: 'Modern Operating Systems',
  authors: 'Andrew S. Tanenbaum, Herbert Bos',
  publisher: 'Pearson',
  edition: '4th',
  year: 2015,
};
const STALLINGS_OS = {
  title: 'Operating Systems: Internals and Design Principles',
  authors: 'William Stallings',
  publisher: 'Pearson',
  edition: '9th',
  year: 2018,
};
const DSC = {
  title: 'Database System Concepts',
  authors: 'Abraham Silberschatz, Henry F. Korth, S. Sudarshan',
  publisher: 'McGraw-Hill Education',
  edition: '7th',
  year: 2020,
};
const FODS = {
  title: 'Fundamentals of Database Systems',
  authors: 'Ramez Elmasri, Shamkant B. Navathe',
  publisher: 'Pearson',
  edition: '7th',
  year: 2016,
};
const DBMS = {
  title: 'Database Management Systems',
  authors: 'Raghu Ramakrishnan, Johannes Gehrke',
  publisher: 'McGraw-Hill',
  edition: '3rd',
  year: 2003,
};
const DRAGON = {
  title: 'Compilers: Principles, Techniques, and Tools',
  authors: 'Alfred V. Aho, Monica S. Lam, Ravi Sethi, Jeffrey D. Ullman',
  publisher: 'Pearson Addison-Wesley',
  edition: '2nd',
  year: 2007,
};
const EAC = {
  title: 'Engineering a Compiler',
  authors: 'Keith D. Cooper, Linda Torczon',
  publisher: 'Morgan Kaufmann',
  edition: '2nd',
  year: 2012,
};
const CN = {
  title: 'Computer Networks',
  authors: 'Andrew S. Tanenbaum, David J. Wetherall',
  publisher: 'Pearson',
  edition: '5th',
  year: 2011,
};
const CNS = {
  title: 'Cryptography and Network Security: Principles and Practice',
  authors: 'William Stallings',
  publisher: 'Pearson',
  edition: '7th',
  year: 2017,
};
const KUROSE = {
  title: 'Computer Networking: A Top-Down Approach',
  authors: 'James F. Kurose, Keith W. Ross',
  publisher: 'Pearson',
  edition: '7th',
  year: 2017,
};
const CLRS = {
  title: 'Introduction to Algorithms',
  authors: 'Thomas H. Cormen, Charles E. Leiserson, Ronald L. Rivest, Clifford Stein',
  publisher: 'MIT Press',
  edition: '3rd',
  year: 2009,
};
const HSR = {
  title: 'Fundamentals of Computer Algorithms',
  authors: 'Ellis Horowitz, Sartaj Sahni, Sanguthevar Rajasekaran',
  publisher: 'Universities Press',
  edition: '2nd',
  year: 2008,
};

/**
 * Text and reference books of the published-sample courses, by course code: standard textbooks of each subject, as
 * their publishers print them (year = the edition's copyright year; see data/SOURCES.md "Demo text and reference
 * books"). Which book a college prescribes is not from the CO sources: these are the subjects' usual books.
 */
const BOOKS: Readonly<Record<string, { text: object[]; reference: object[] }>> = {
  BCS401: { text: [OSC], reference: [MOS, STALLINGS_OS] },
  KCS551: { text: [DSC], reference: [FODS] },
  KCS502: { text: [DRAGON], reference: [EAC] },
  '4CS4-05': { text: [DSC], reference: [FODS, DBMS] },
  '5CS4-02': { text: [DRAGON], reference: [EAC] },
  '5IT4-02': { text: [DRAGON], reference: [EAC] },
  C204: { text: [DSC, FODS], reference: [DBMS] },
  '310244': { text: [CN, CNS], reference: [KUROSE] },
  '5IT4-23': { text: [CLRS], reference: [HSR] },
};

/** Units of the sample lesson plans: the course's n-th CO (its published statement) is taught in unit n. */
const UNITS = ['UnitI', 'UnitII', 'UnitIII', 'UnitIV', 'UnitV'] as const;
/** SAMPLE lab plan: a week apart from this Monday; actual dates shifted by these days (null: not delivered yet). */
const LAB_START = '2025-08-04';
const LAB_SHIFT = [0, 0, 3, -1, null] as const;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Seeds what the Reports area needs beyond the other demo seeds, once (when the campus has no text/reference book):
 * - text and reference books of the nine published-sample courses (`BOOKS`, real books);
 * - SAMPLE lesson plans, labelled so: for the theory courses BCS401 and KCS502 one topic per CO (the CO's published
 *   statement, in unit n for CO n, 8 contact hours each: sample hours), and for the lab course KCS551 one experiment
 *   per CO with weekly planned dates and sample actual dates (on time, late, early, not delivered);
 * - SAMPLE improvement actions for the first four students below the threshold in each sample course's newest year of
 *   marks (`sampleActions`).
 * @returns true when it seeded
 */
export async function seedDemoReports(scope: CampusScope): Promise<boolean> {
  if ((await listAll(scope, textReference)).length) return false;
  const samples = (await listAll(scope, curriculum)).find((c) => c.name === 'Published CO-PO samples');
  if (!samples) return false;
  const courses = new Map((await queryByField(scope, courseCurriculum, 'curriculum', samples.id)).map((c) => [c.code ?? '', c]));
  for (const [code, books] of Object.entries(BOOKS)) {
    const course = courses.get(code);
    if (!course) continue;
    for (const b of books.text) await createRecord(scope, textReference, { ...b, course: course.id, kind: 'Text book' });
    for (const b of books.reference) await createRecord(scope, textReference, { ...b, course: course.id, kind: 'Reference book' });
  }
  const cosOf = async (code: string) => {
    const course = courses.get(code);
    return course ? { course, cos: (await queryByField(scope, courseOutcome, 'course', course.id)).sort(byCode) } : undefined;
  };
  for (const code of ['BCS401', 'KCS502']) {
    const found = await cosOf(code);
    for (const [i, co] of (found?.cos ?? []).slice(0, UNITS.length).entries())
      await createRecord(scope, topic, {
        course: co.course,
        code: `${code}-T${i + 1}`,
        title: co.statement.slice(0, 200),
        content: `Sample lesson plan: the topic is ${co.code}'s published statement; its 8 contact hours are sample data.`,
        hours: 8,
        unit: UNITS[i],
      });
  }
  const lab = await cosOf('KCS551');
  for (const [i, co] of (lab?.cos ?? []).slice(0, LAB_SHIFT.length).entries()) {
    const planned = addDays(LAB_START, 7 * i);
    const shift = LAB_SHIFT[i];
    await createRecord(scope, labExperiment, {
      course: co.course,
      exp_no: i + 1,
      experiment_detail: `${co.statement} (sample plan and dates)`.slice(0, 2000),
      no_of_session: 1,
      correlation: co.id,
      planned_date_delivary: planned,
      ...(shift === null ? {} : { actual_date_delivary: addDays(planned, shift) }),
    });
  }
  for (const [k, code] of Object.keys(BOOKS).entries()) await sampleActions(scope, courses.get(code)?.id, k);
  return true;
}

/** SAMPLE remedial actions, one chosen per course and CO (`sampleActions`), so each PO's action-taken text differs. */
const ACTIONS = [
  'remedial tutorial and a re-test',
  'peer-assisted problem-solving session',
  'extra laboratory session with a viva',
  'assignment on the weak topic, marked with feedback',
  'bridge lecture on the prerequisites',
  'worked examples and a short quiz',
] as const;

/**
 * SAMPLE improvement actions (Planned, In progress, Done, Done) for the first four students below the threshold of a
 * course, each a remedial action chosen by the course's place `k` and the CO (`ACTIONS`), labelled sample.
 */
async function sampleActions(scope: CampusScope, courseId: string | undefined, k: number): Promise<void> {
  if (!courseId) return;
  const plan = await improvementPlan(scope, courseId);
  if (!plan.year || (await getDocument(scope, 'improvement-plan', `${courseId}#${plan.year}`))) return;
  const statuses = ['Planned', 'In progress', 'Done', 'Done'] as const;
  const actions: Record<string, PlanAction> = Object.fromEntries(
    plan.below.slice(0, statuses.length).map((b, i) => [
      `${b.student}:${b.co}`,
      {
        action: `Sample action: ${ACTIONS[(k + plan.cos.findIndex((c) => c.id === b.co)) % ACTIONS.length]}`,
        status: statuses[i],
      },
    ]),
  );
  await putDocument(scope, 'improvement-plan', `${courseId}#${plan.year}`, 0, { course: courseId, year: plan.year, actions });
}
