import { CLAIMED, withTables, computed, narrative, table, withNbaTables } from './items.js';
import { NBA_TABLES as T } from './nba-tables.js';
import type { SarFormatDef } from './sar-format.js';

const THREE_YEARS = 'CAY, CAYm1, CAYm2';
const BATCHES = 'LYG, LYGm1, LYGm2';
const API_YEARS = 'CAYm1, CAYm2, CAYm3';
/** The note of a contribution item whose marking formula no NBA document available confirms. */
const UNCONFIRMED = 'NBA’s marking formula for this item was not confirmed; the team claims its marks from the tables.';

/**
 * NBA's SAR under the Graduate Attribute and Professional Competency framework, version 4.0 (Tier II, January 2025;
 * 1000 marks, 9 criteria, 11 POs), as collected in `docs/nba-sources.md` Part C (all third-party
 * transcriptions, low trust). Where the "Tier II, January 2025" tree (GH-T2TREE) and the guideline file (GH-GUIDE)
 * differ, the Tier II tree is followed, except 8.3/8.4 (FMS and GH-GUIDE agree on 15/10). C4 formulas: FMS (same in
 * GH-T2TREE), placement 0.3 rule confirmed by SAIRAM (medium). C5: five implementations agree. C6 formulas exist only
 * with "VERIFY" flags: claimed. Decision rule 750/60 %, 600/45 % (EDH, a vendor page): no NBA text confirms it.
 */
export const GAPC_2025: SarFormatDef = {
  id: 'SAR 2025 (GAPC v4)',
  label: '2025 (GAPC v4.0, 9 criteria, 11 POs)',
  document: 'NBA SAR, UG Engineering, GAPC version 4.0 (2025)',
  pos: 11,
  criterion5: 'SAR 2025 (GAPC v4)',
  rule: {
    sixYears: { total: 750, criterionPercent: 60 },
    threeYears: { total: 600, criterionPercent: 45 },
    stated: false,
    statement:
      'Six years with at least 750 of 1000 marks and at least 60 % of every criterion’s marks; three years with at least 600 ' +
      'and at least 45 % of every criterion’s; otherwise not accredited. NBA’s own text of this rule was not available: ' +
      'the rule is applied as published by others.',
  },
  criteria: [
    {
      number: '1',
      title: 'Outcome-Based Curriculum',
      marks: 120,
      level: 'program',
      items: [
        narrative('1.1.1', 'Vision and Mission of the Institute and the Department', 5),
        narrative('1.1.2', 'Program Educational Objectives (PEOs)', 5),
        narrative('1.1.3', 'Process for defining the Vision, Mission and PEOs', 15),
        narrative('1.1.4', 'Dissemination of the Vision, Mission and PEOs', 5),
        table('1.1.5', 'Mapping of PEOs with the Mission of the Department', 10, [T.peoMission]),
        table('1.2.1', 'Program curriculum structure', 5, [T.curriculumStructure]),
        table('1.2.2', 'Components of the curriculum', 5, [T.curriculumComponents]),
        narrative('1.2.3', 'Compliance of the curriculum with the POs and PSOs, and the gaps identified', 10),
        table('1.2.4', 'Content beyond the syllabus', 10, [T.contentBeyond]),
        table('1.3.1', 'Program Outcomes (11) and Program Specific Outcomes', 5, [T.outcomes]),
        table('1.3.2', 'Mapping of courses with POs and PSOs', 10, [T.coursePoMapping]),
        table('1.4.1', 'Course Outcomes, semester-wise (two core courses per semester)', 15, [T.courseOutcomes]),
        withTables(table('1.4.2', 'Course Articulation Matrix', 10, []), ['3.1-cam']),
        withTables(table('1.5', 'Program Articulation Matrix', 10, []), ['3.1-pam']),
      ],
    },
    {
      number: '2',
      title: 'Outcome-Based Teaching-Learning',
      marks: 120,
      level: 'program',
      items: [
        narrative('2.1', 'Quality of the teaching-learning process', 20),
        table('2.2', 'Capstone project', 25, [T.projects]),
        table('2.3', 'Internship and industrial training', 10, [T.internships]),
        table('2.4', 'Seminars and mini/micro projects', 10, [T.seminars]),
        narrative('2.5', 'Case studies', 10),
        table('2.6', 'SWAYAM/NPTEL/MOOCs and self-learning', 10, [T.moocStudents]),
        table('2.7', 'Complex engineering problems with targeted SDGs', 20, [T.complexProblems]),
        table('2.8', 'Industry-institute partnership', 15, [T.industryPartnership]),
      ],
    },
    {
      number: '3',
      title: 'Outcome-Based Assessment',
      marks: 120,
      level: 'program',
      items: [
        narrative('3.1', 'Continuous assessment', 10),
        narrative('3.2', 'Semester-end examination', 10),
        narrative('3.3', 'Laboratory assessment', 10),
        narrative('3.4', 'Assessment of industrial training', 10),
        table('3.5', 'Assessment of projects', 20, [T.rubricComplexity, T.rubricTeamwork]),
        narrative('3.6', 'Evidence of SDG attainment', 10),
        narrative('3.7.1', 'CO assessment tools and processes', 5),
        withTables(computed('3.7.2', 'Attainment of Course Outcomes', 20, THREE_YEARS, undefined, CLAIMED), ['3.2.2']),
        withTables(computed('3.8', 'Attainment of POs and PSOs (direct and indirect)', 25, THREE_YEARS, undefined, CLAIMED), ['3.3.2']),
      ],
    },
    {
      number: '4',
      title: 'Students’ Performance',
      marks: 120,
      level: 'program',
      items: [
        computed('4.1', 'Enrolment ratio', 20, THREE_YEARS, 'c4-enrolment-2025'),
        computed('4.2', 'Success rate in the stipulated period of the program', 15, BATCHES, 'c4-success-2025'),
        computed('4.3', 'Academic performance in first year', 10, API_YEARS, 'c4-api-first-year-2025'),
        computed('4.4', 'Academic performance in second year', 10, API_YEARS, 'c4-api-second-year-2025'),
        computed('4.5', 'Academic performance in third year', 10, API_YEARS, 'c4-api-third-year-2025'),
        withNbaTables(computed('4.6', 'Placement, higher studies and entrepreneurship', 30, BATCHES, 'c4-placement-2025'), [T.placements]),
        table('4.7.1', 'Professional societies, clubs and events organised', 5, [T.bodies, T.events]),
        table('4.7.2', 'Students’ participation in professional events elsewhere', 10, [T.studentEvents]),
        table('4.7.3', 'Department journals, magazines and newsletters', 5, [T.magazines]),
        table('4.7.4', 'Student publications', 5, [T.studentPublications]),
      ],
    },
    {
      number: '5',
      title: 'Faculty Information',
      marks: 100,
      level: 'program',
      items: [
        withTables(computed('5.1', 'Student-Faculty Ratio (SFR)', 30, THREE_YEARS, 'c5-sfr-2025'), ['5', '5.1']),
        withTables(computed('5.2', 'Faculty Qualification Index (FQI)', 25, THREE_YEARS, 'c5-qualification-2025'), ['5.3']),
        withTables(computed('5.3', 'Faculty cadre proportion', 25, THREE_YEARS, 'c5-cadre-2025'), ['5.2']),
        table('5.4', 'Visiting/adjunct faculty and professors of practice', 10, [T.visiting], UNCONFIRMED),
        withTables(computed('5.5', 'Faculty retention', 10, 'CAYm1, CAYm2, CAYm3', 'c5-retention-2025'), ['5.4']),
      ],
    },
    {
      number: '6',
      title: 'Faculty Contributions',
      marks: 120,
      level: 'program',
      items: [
        table('6.1.1', 'Memberships of professional societies', 5, [T.memberships], UNCONFIRMED),
        table('6.1.2.1', 'Faculty as resource persons in STTPs/FDPs', 5, [T.resourcePersons], UNCONFIRMED),
        table('6.1.2.2', 'Faculty participation in STTPs/FDPs', 10, [T.fdpAttended], UNCONFIRMED),
        table('6.1.3', 'Faculty certification in MOOCs', 10, [T.facultyMoocs], UNCONFIRMED),
        table('6.1.4', 'FDPs/STTPs organised by the department', 10, [T.fdpOrganised], UNCONFIRMED),
        table('6.1.5', 'Faculty support to student innovative projects', 10, [T.innovativeProjects], UNCONFIRMED),
        table('6.1.6', 'Faculty internship and industry collaboration', 10, [T.facultyInternships], UNCONFIRMED),
        withTables(table('6.2.1', 'Academic research (papers, books)', 10, [], UNCONFIRMED), ['5.5']),
        table('6.2.2', 'Development activities (patents, prototypes)', 10, [T.development], UNCONFIRMED),
        table('6.2.3', 'Sponsored research', 15, [T.sponsored], UNCONFIRMED),
        table('6.2.4', 'Consultancy', 15, [T.consultancy], UNCONFIRMED),
        table('6.2.5', 'Seed money and internal research grants', 10, [T.seedMoney], UNCONFIRMED),
      ],
    },
    {
      number: '7',
      title: 'Facilities and Technical Support',
      marks: 100,
      level: 'program',
      items: [
        table('7.1', 'Adequate and well-equipped laboratories, and technical manpower', 50, [T.labs]),
        narrative('7.2', 'Additional facilities created for improving the quality of learning', 20),
        narrative('7.3', 'Maintenance and overall ambience of laboratories', 10),
        table('7.4', 'Safety measures in laboratories', 10, [T.labSafety]),
        narrative('7.5', 'Project or research laboratory, centre of excellence', 10),
      ],
    },
    {
      number: '8',
      title: 'Continuous Improvement',
      marks: 80,
      level: 'program',
      items: [
        narrative('8.1.1', 'Actions taken on the attainment of Course Outcomes (CAYm1)', 20),
        narrative('8.1.2', 'Actions taken on the attainment of POs and PSOs', 20),
        narrative('8.2', 'Academic audit and actions taken', 15),
        table(
          '8.3',
          'Improvement in faculty qualification and contribution',
          15,
          [T.facultyImprovement],
          'NBA’s marking formula for improvement was not found; the team claims its marks.',
        ),
        table(
          '8.4',
          'Improvement in academic performance',
          10,
          [T.apiImprovement],
          'NBA’s marking formula for improvement was not found; the team claims its marks.',
        ),
      ],
    },
    {
      number: '9',
      title: 'Student Support System and Governance',
      marks: 120,
      level: 'institute',
      items: [
        table(
          '9.1',
          'First year Student-Faculty Ratio',
          5,
          [T.firstYearSfr],
          'NBA’s formula for 9.1 could not be established; the figures are shown and the team claims its marks.',
        ),
        narrative('9.2', 'Mentoring system', 5),
        narrative('9.3.1', 'Feedback on teaching-learning and actions taken', 10),
        narrative('9.3.2', 'Feedback on facilities', 10),
        narrative('9.4', 'Training and placement support', 10),
        narrative('9.5', 'Start-ups and entrepreneurship', 5),
        narrative('9.6.1', 'Governing body, administrative setup and policies', 10),
        narrative('9.6.2', 'Transparency and mandatory disclosure', 5),
        table('9.7', 'Budget allocation and utilisation at institute level', 12, [T.budget]),
        table('9.8', 'Budget allocation and utilisation for the program', 8, [T.budget]),
        narrative('9.9', 'Learning resources', 5),
        narrative('9.10', 'E-governance', 5),
        narrative('9.11', 'Initiatives towards the Sustainable Development Goals', 10),
        narrative('9.12', 'Innovative educational initiatives', 5),
        narrative('9.13', 'Faculty performance appraisal and development system', 10),
        narrative('9.14', 'Outreach activities', 5),
      ],
    },
  ],
};
