import { CLAIMED, withTables, computed, narrative, pooledNote, table, withNbaTables } from './items.js';
import { NBA_TABLES as T } from './nba-tables.js';
import type { SarFormatDef } from './sar-format.js';

const THREE_YEARS = 'CAY, CAYm1, CAYm2';
const BATCHES = 'LYG, LYGm1, LYGm2';

/**
 * NBA's SAR for UG Engineering programs, Tier II (June 2015 format, in use 2015-2024; 1000 marks, 10 criteria).
 * Marks and items as collected in `docs/nba-sources.md` Part A: criteria totals (T2-EG, T2-MAN19, SKIT), C2
 * from the eNBA revised template (BMSIT-C2), C3 split (C3-SCR), C4 formulas (C4-SCR, SKIT, the API document), C5
 * (T2-MAN19; cadre formula not found), C7 (T2-EG), C8 (SKIT, C8-SCR), C9 (SKIT), C10 (T2-EG). Splits not found
 * (1.4/1.5, 5.5-5.9, C6, 10.3/10.4) are pools. Decision rule: 750 / 600 in total (CREATRIX, low trust); no
 * per-criterion minimum was found for this format.
 */
export const TIER2_2015: SarFormatDef = {
  id: 'SAR 2019 (UG Tier II)',
  label: 'UG Engineering Tier II (2015-2024, 10 criteria)',
  document: 'NBA SAR, UG Engineering Tier II (June 2015)',
  pos: 12,
  criterion5: 'SAR 2019 (UG Tier II)',
  rule: {
    sixYears: { total: 750, criterionPercent: null },
    threeYears: { total: 600, criterionPercent: null },
    stated: false,
    statement:
      'Six years with at least 750 of 1000 marks, three years with at least 600. NBA’s documents available do not confirm these ' +
      'thresholds or state a minimum per criterion for this format: the figures are shown for the team to judge.',
  },
  criteria: [
    {
      number: '1',
      title: 'Vision, Mission and Program Educational Objectives',
      marks: 60,
      level: 'program',
      items: [
        narrative('1.1', 'State the Vision and Mission of the Department and Institute', 5),
        narrative('1.2', 'State the Program Educational Objectives (PEOs)', 5),
        narrative('1.3', 'Indicate where and how the Vision, Mission and PEOs are published and disseminated among stakeholders', 10),
        narrative(
          '1.4',
          'State the process for defining the Vision and Mission of the Department, and PEOs of the program',
          null,
          pooledNote('1.4 and 1.5', 40),
        ),
        table('1.5', 'Establish consistency of PEOs with Mission of the Department', null, [T.peoMission]),
      ],
      pools: [{ items: ['1.4', '1.5'], marks: 40 }],
    },
    {
      number: '2',
      title: 'Program Curriculum and Teaching-Learning Processes',
      marks: 120,
      level: 'program',
      items: [
        narrative(
          '2.1.1',
          'State the process used to identify extent of compliance of the University curriculum for attaining the POs and PSOs',
          10,
        ),
        table('2.1.2', 'State the delivery details of the content beyond the syllabus for the attainment of POs and PSOs', 10, [
          T.contentBeyond,
        ]),
        narrative('2.2.1', 'Describe processes followed to improve the quality of Teaching-Learning', 25),
        table('2.2.2', 'Quality of internal semester question papers, assignments and evaluation', 20, [T.questionPapers]),
        table('2.2.3', 'Quality of student projects', 25, [T.projects]),
        narrative('2.2.4', 'Initiatives related to industry interaction', 15),
        table('2.2.5', 'Initiatives related to industry internship/summer training', 15, [T.internships]),
      ],
    },
    {
      number: '3',
      title: 'Course Outcomes and Program Outcomes',
      marks: 120,
      level: 'program',
      items: [
        table('3.1.1', 'Course Outcomes (COs), one course per semester', 5, [T.courseOutcomes]),
        withTables(table('3.1.2', 'CO-PO/PSO matrices of the courses selected in 3.1.1', 5, []), ['3.1-cam']),
        withTables(table('3.1.3', 'Program level Course-PO/PSO matrix of all courses including first year', 10, []), ['3.1-pam']),
        narrative('3.2.1', 'Describe the assessment processes used to gather the data upon which the evaluation of CO is based', 10),
        withTables(
          computed(
            '3.2.2',
            'Record the attainment of Course Outcomes of all courses with respect to set attainment levels',
            40,
            THREE_YEARS,
            undefined,
            CLAIMED,
          ),
          ['3.2.2'],
        ),
        narrative('3.3.1', 'Describe assessment tools and processes used for measuring the attainment of each PO/PSO', 10),
        withTables(computed('3.3.2', 'Provide results of evaluation of each PO and PSO', 40, THREE_YEARS, undefined, CLAIMED), ['3.3.2']),
      ],
    },
    {
      number: '4',
      title: 'Students’ Performance',
      marks: 150,
      level: 'program',
      items: [
        computed('4.1', 'Enrolment ratio', 20, THREE_YEARS, 'c4-enrolment-2015'),
        computed('4.2.1', 'Success rate without backlogs in any semester/year of study', 25, BATCHES, 'c4-success-no-backlog-2015'),
        computed('4.2.2', 'Success rate with backlog in stipulated period of study', 15, BATCHES, 'c4-success-stipulated-2015'),
        computed('4.3', 'Academic performance in third year', 15, 'CAYm1, CAYm2, CAYm3', 'c4-api-third-year-2015'),
        computed('4.4', 'Academic performance in second year', 15, 'CAYm1, CAYm2, CAYm3', 'c4-api-second-year-2015'),
        withNbaTables(computed('4.5', 'Placement, higher studies and entrepreneurship', 40, BATCHES, 'c4-placement-2015'), [T.placements]),
        table('4.6.1', 'Professional societies/chapters and organising engineering events', 5, [T.chaptersEvents]),
        table('4.6.2', 'Publication of technical magazines, newsletters, etc.', 5, [T.magazines]),
        table('4.6.3', 'Participation in inter-institute events by students of the program of study', 10, [T.studentEvents]),
      ],
    },
    {
      number: '5',
      title: 'Faculty Information and Contributions',
      marks: 200,
      level: 'program',
      items: [
        withTables(computed('5.1', 'Student-Faculty Ratio (SFR)', 20, THREE_YEARS, 'c5-sfr-2019'), ['5', '5.1']),
        withTables(computed('5.2', 'Faculty cadre proportion', 20, THREE_YEARS, 'c5-cadre-2019'), ['5.2']),
        withTables(computed('5.3', 'Faculty qualification', 20, THREE_YEARS, 'c5-qualification-2019'), ['5.3']),
        withTables(computed('5.4', 'Faculty retention', 10, THREE_YEARS, 'c5-retention-2019'), ['5.4']),
        narrative('5.5', 'Innovations by the faculty in teaching and learning', null, pooledNote('5.5 to 5.9', 130)),
        table('5.6', 'Faculty as participants in Faculty Development/Training activities/STTPs', null, [T.fdpAttended]),
        withTables(
          table('5.7', 'Research and development (academic research, sponsored research, development activities, consultancy)', null, [
            T.research,
          ]),
          ['5.5'],
        ),
        narrative('5.8', 'Faculty performance appraisal and development system (FPADS)', null),
        table('5.9', 'Visiting/adjunct/emeritus faculty etc.', null, [T.visiting]),
      ],
      pools: [{ items: ['5.5', '5.6', '5.7', '5.8', '5.9'], marks: 130 }],
    },
    {
      number: '6',
      title: 'Facilities and Technical Support',
      marks: 80,
      level: 'program',
      items: [
        table('6.1', 'Adequate and well equipped laboratories, and technical manpower', null, [T.labs], pooledNote('6.1 to 6.5', 80)),
        narrative('6.2', 'Additional facilities created for improving the quality of learning experience in laboratories', null),
        narrative('6.3', 'Laboratories: maintenance and overall ambience', null),
        narrative('6.4', 'Project laboratory', null),
        table('6.5', 'Safety measures in laboratories', null, [T.labSafety]),
      ],
      pools: [{ items: ['6.1', '6.2', '6.3', '6.4', '6.5'], marks: 80 }],
    },
    {
      number: '7',
      title: 'Continuous Improvement',
      marks: 50,
      level: 'program',
      items: [
        table('7.1', 'Actions taken based on the results of evaluation of each of the POs and PSOs', 20, [T.poActions]),
        narrative('7.2', 'Academic audit and actions taken thereof during the period of assessment', 10),
        table(
          '7.3',
          'Improvement in placement, higher studies and entrepreneurship',
          10,
          [T.placementImprovement],
          'NBA’s marking formula for 7.3 was not found; the team claims its marks.',
        ),
        table(
          '7.4',
          'Improvement in the quality of students admitted to the program',
          10,
          [T.admittedQuality],
          'NBA’s marking formula for 7.4 was not found; the team claims its marks.',
        ),
      ],
    },
    {
      number: '8',
      title: 'First Year Academics',
      marks: 50,
      level: 'institute',
      items: [
        computed('8.1', 'First year Student-Faculty Ratio (FYSFR)', 5, THREE_YEARS, 'c8-fysfr-2015'),
        computed('8.2', 'Qualification of faculty teaching first year common courses', 5, THREE_YEARS, 'c8-qualification-2015'),
        computed('8.3', 'First year academic performance', 10, THREE_YEARS, 'c8-api-first-year-2015'),
        narrative(
          '8.4.1',
          'Describe the assessment processes used to gather the data upon which the evaluation of COs of first year is done',
          5,
        ),
        withTables(
          computed('8.4.2', 'Record the attainment of Course Outcomes of all first year courses', 5, THREE_YEARS, undefined, CLAIMED),
          ['8.4.2'],
        ),
        computed('8.5.1', 'Indicate results of evaluation of each relevant PO and/or PSO', 10, THREE_YEARS, undefined, CLAIMED),
        narrative('8.5.2', 'Actions taken based on the results of evaluation of relevant POs and PSOs', 10),
      ],
    },
    {
      number: '9',
      title: 'Student Support Systems',
      marks: 50,
      level: 'institute',
      items: [
        narrative('9.1', 'Mentoring system to help at individual level', 5),
        narrative('9.2', 'Feedback analysis and reward/corrective measures taken, if any', 10),
        narrative('9.3', 'Feedback on facilities', 5),
        narrative('9.4', 'Self learning', 5),
        narrative('9.5', 'Career guidance, training, placement', 10),
        narrative('9.6', 'Entrepreneurship cell', 5),
        narrative('9.7', 'Co-curricular and extra-curricular activities', 10),
      ],
    },
    {
      number: '10',
      title: 'Governance, Institutional Support and Financial Resources',
      marks: 120,
      level: 'institute',
      items: [
        narrative('10.1.1', 'State the Vision and Mission of the Institute', 5),
        table(
          '10.1.2',
          'Governing body, administrative setup, functions of various bodies, service rules, procedures, recruitment and promotional policies',
          10,
          [T.governance],
        ),
        narrative('10.1.3', 'Decentralization in working and grievance redressal mechanism', 10),
        narrative('10.1.4', 'Delegation of financial powers', 10),
        narrative('10.1.5', 'Transparency and availability of correct/unambiguous information in public domain', 5),
        table('10.2', 'Budget allocation, utilization, and public accounting at institute level', 30, [T.budget]),
        table('10.3', 'Program specific budget allocation, utilization', null, [T.budget], pooledNote('10.3 and 10.4', 50)),
        table('10.4', 'Library and internet', null, [T.library]),
      ],
      pools: [{ items: ['10.3', '10.4'], marks: 50 }],
    },
  ],
};
