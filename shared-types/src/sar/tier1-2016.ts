import { CLAIMED, withTables, computed, narrative, pooledNote, table, withNbaTables } from './items.js';
import { NBA_TABLES as T } from './nba-tables.js';
import type { SarCriterionDef, SarFormatDef, SarItemDef } from './sar-format.js';
import { TIER2_2015 } from './tier2-2015.js';

const THREE_YEARS = 'CAY, CAYm1, CAYm2';
const BATCHES = 'LYG, LYGm1, LYGm2';

/** Tier I's Criterion 7 item marks, which differ from Tier II's. */
const TIER1_C7_MARKS: Readonly<Record<string, number>> = { '7.1': 30, '7.2': 15, '7.3': 10, '7.4': 20 };

/** Tier II's criterion `n`. */
const tier2 = (n: string) => {
  const c = TIER2_2015.criteria.find((x) => x.number === n);
  if (!c) throw new Error(`Tier II has no criterion ${n}`);
  return c;
};

/** Tier II's items of criterion `n`. */
const tier2Items = (n: string) => tier2(n).items;

/** Tier I's Criterion 10: Tier II's items with the institutional strategic plan as 10.1.2 (the rest renumbered). */
const TIER1_C10 = (() => {
  const t2 = tier2Items('10');
  const renumber = (n: string) => (n.startsWith('10.1.') && n !== '10.1.1' ? `10.1.${Number(n.split('.')[2]) + 1}` : n);
  return [
    t2[0],
    narrative('10.1.2', 'Institutional strategic plan and its effective implementation and monitoring', null),
    ...t2.slice(1).map((i) => ({ ...i, number: renumber(i.number) })),
  ];
})();

/** A criterion whose item marks were not found for this format: its items as Tier II names them, marked together. */
const wholePool = (c: SarCriterionDef, marks: number): SarCriterionDef => {
  const items = c.items.map((i, k): SarItemDef => ({
    number: i.number,
    title: i.title,
    marks: null,
    kind: i.kind === 'computed' ? 'table' : i.kind,
    ...(i.tables ? { tables: i.tables } : {}),
    ...(k === 0 ? { note: pooledNote(`the items of Criterion ${c.number}`, marks) } : {}),
  }));
  return { ...c, marks, items, pools: [{ items: items.map((i) => i.number), marks }] };
};

/**
 * NBA's SAR for UG Engineering programs, Tier I (January 2016 format, in use 2016-2024; 1000 marks, 10 criteria):
 * where it differs from Tier II (`docs/nba-sources.md` Part B: totals GH-OTHER, consistent with ERES and
 * IonCUDOS's t1ug views; C2 ERES/GH-OTHER; C3 split from its "Criterion 3"; C4 ERES; C5 GH-OTHER and IonCUDOS;
 * C7 GH-OTHER; C10's strategic plan ERES/IonCUDOS). Criteria 6, 8 and 9 are Tier II's. C1 and C10 item marks were not
 * found for Tier I: each criterion is one pool. Decision rule as Tier II's (no per-criterion minimum found).
 */
export const TIER1_2016: SarFormatDef = {
  ...TIER2_2015,
  id: 'SAR 2016 (UG Tier I)',
  label: 'UG Engineering Tier I (2016-2024, 10 criteria)',
  document: 'NBA SAR, UG Engineering Tier I (January 2016)',
  criteria: [
    wholePool(tier2('1'), 50),
    {
      ...tier2('2'),
      marks: 100,
      items: [
        narrative('2.1.1', 'State the process for designing the program curriculum', 10),
        table('2.1.2', 'Structure of the curriculum', 5, [T.curriculumStructure]),
        table('2.1.3', 'Components of the curriculum', 5, [T.curriculumComponents]),
        narrative('2.1.4', 'State the process used to identify extent of compliance of the curriculum for attaining the POs and PSOs', 10),
        narrative('2.2.1', 'Describe processes followed to improve the quality of Teaching-Learning', 15),
        table('2.2.2', 'Quality of end semester examination, internal semester question papers, assignments and evaluation', 15, [
          T.questionPapers,
        ]),
        table('2.2.3', 'Quality of student projects', 20, [T.projects]),
        narrative('2.2.4', 'Initiatives related to industry interaction', 10),
        table('2.2.5', 'Initiatives related to industry internship/summer training', 10, [T.internships]),
      ],
    },
    {
      ...tier2('3'),
      marks: 175,
      items: [
        withTables(table('3.1', 'Establish the correlation between the courses and the POs and PSOs', 25, [T.courseOutcomes]), [
          '3.1-cam',
          '3.1-pam',
        ]),
        narrative('3.2.1', 'Describe the assessment processes used to gather the data upon which the evaluation of CO is based', 10),
        withTables(
          computed(
            '3.2.2',
            'Record the attainment of Course Outcomes of all courses with respect to set attainment levels',
            65,
            THREE_YEARS,
            undefined,
            CLAIMED,
          ),
          ['3.2.2'],
        ),
        narrative('3.3.1', 'Describe assessment tools and processes used for measuring the attainment of each PO/PSO', 10),
        withTables(computed('3.3.2', 'Provide results of evaluation of each PO and PSO', 65, THREE_YEARS, undefined, CLAIMED), ['3.3.2']),
      ],
    },
    {
      ...tier2('4'),
      marks: 100,
      items: [
        computed('4.1', 'Enrolment ratio', 20, THREE_YEARS, 'c4-enrolment-2015'),
        computed('4.2.1', 'Success rate without backlogs in any semester/year of study', 15, BATCHES, 'c4-success-no-backlog-2016'),
        computed('4.2.2', 'Success rate with backlog in stipulated period of study', 5, BATCHES, 'c4-success-stipulated-2016'),
        computed('4.3', 'Academic performance in second year', 10, 'CAYm1, CAYm2, CAYm3', 'c4-api-second-year-2016'),
        withNbaTables(computed('4.4', 'Placement, higher studies and entrepreneurship', 30, BATCHES, 'c4-placement-2016'), [T.placements]),
        table('4.5.1', 'Professional societies/chapters and organising engineering events', 5, [T.chaptersEvents]),
        table('4.5.2', 'Publication of technical magazines, newsletters, etc.', 5, [T.magazines]),
        table('4.5.3', 'Participation in inter-institute events by students of the program of study', 10, [T.studentEvents]),
      ],
    },
    {
      ...tier2('5'),
      items: [
        withTables(computed('5.1', 'Student-Faculty Ratio (SFR)', 20, THREE_YEARS, 'c5-sfr-2019'), ['5', '5.1']),
        withTables(computed('5.2', 'Faculty cadre proportion', 20, THREE_YEARS, 'c5-cadre-2019'), ['5.2']),
        withTables(computed('5.3', 'Faculty qualification', 20, THREE_YEARS, 'c5-qualification-2019'), ['5.3']),
        withTables(computed('5.4', 'Faculty retention', 10, THREE_YEARS, 'c5-retention-2019'), ['5.4']),
        narrative('5.5', 'Faculty competencies in correlation to program specific criteria', 10),
        narrative('5.6', 'Innovations by the faculty in teaching and learning', 10),
        table('5.7', 'Faculty as participants in Faculty Development/Training activities/STTPs', 15, [T.fdpAttended]),
        withTables(table('5.8.1', 'Academic research', 20, []), ['5.5']),
        table('5.8.2', 'Sponsored research', 20, [T.sponsored]),
        table('5.8.3', 'Development activities', 15, [T.development]),
        table('5.8.4', 'Consultancy (from industry)', 20, [T.consultancy]),
        narrative('5.9', 'Faculty performance appraisal and development system (FPADS)', 10),
        table('5.10', 'Visiting/adjunct/emeritus faculty etc.', 10, [T.visiting]),
      ],
      pools: [],
    },
    tier2('6'),
    {
      ...tier2('7'),
      marks: 75,
      items: tier2('7').items.map((i) => ({
        ...i,
        marks: TIER1_C7_MARKS[i.number] ?? i.marks,
      })),
    },
    tier2('8'),
    tier2('9'),
    wholePool({ ...tier2('10'), items: TIER1_C10 }, 120),
  ],
};
