import type { SarTableDef, SarTableFill } from './sar-format.js';

/** One of NBA's tables: its title, its column headings and, where Attain holds the data, what fills it. */
const grid = (title: string, columns: readonly string[], fill?: SarTableFill): SarTableDef => ({
  title,
  columns,
  ...(fill ? { fill } : {}),
});

/**
 * The tables NBA asks for with the SAR's narrative items, each defined once and used by every format that asks for it
 * (the three formats' items name them; their sources are in `docs/nba-sources.md`). Columns are what the
 * program team fills in; `fill` names the data of the product that can fill the table (offered, never put in by
 * itself). Tables the product writes itself (Criterion 3's matrices and attainment, Criterion 5's faculty tables) are
 * not here: they are an item's `tablesFrom`.
 */
export const NBA_TABLES = {
  peoMission: grid('PEOs and the elements of the Mission', ['PEO', 'Mission element 1', 'Mission element 2', 'Mission element 3']),
  curriculumStructure: grid(
    'Structure of the curriculum',
    ['Term', 'Course code', 'Course', 'Lecture (L)', 'Tutorial (T)', 'Practical (P)', 'Credits'],
    'curriculum',
  ),
  curriculumComponents: grid('Components of the curriculum', [
    'Course component',
    'Share of total credits (%)',
    'Contact hours',
    'Credits',
  ]),
  contentBeyond: grid('Content beyond the syllabus', [
    'Gap or content added',
    'Action (course, laboratory or project)',
    'Date',
    'Students',
    'POs/PSOs',
  ]),
  outcomes: grid('POs and PSOs', ['Outcome', 'Statement']),
  coursePoMapping: grid('Courses and the POs/PSOs they address', ['Course code', 'Course', 'POs', 'PSOs']),
  courseOutcomes: grid('Course Outcomes of the chosen courses', ['Term', 'Course code', 'CO', 'Statement']),
  questionPapers: grid(
    'Question papers: marks by CO and by Bloom’s level',
    ['Course', 'Assessment', 'Marks', 'Marks by CO', 'Marks by Bloom’s level'],
    'question-papers',
  ),
  projects: grid('Student projects', ['Title', 'Type', 'Guide', 'Students', 'POs/PSOs']),
  internships: grid('Internships and industrial training', ['Student', 'Organisation', 'From', 'To', 'Weeks', 'POs/PSOs']),
  seminars: grid('Seminars and mini projects', ['Title', 'Type', 'Students', 'Guide', 'POs/PSOs']),
  moocStudents: grid('Students certified in SWAYAM/NPTEL/MOOCs', ['Student', 'Course', 'Platform', 'Weeks', 'POs mapped']),
  complexProblems: grid('Complex engineering problems and targeted SDGs', ['Problem', 'Course', 'SDGs', 'POs']),
  industryPartnership: grid('Industry-institute partnership', ['Industry', 'Course, laboratory or activity', 'Year', 'Impact']),
  rubricComplexity: grid('Rubric for complexity', ['Criterion', 'Excellent', 'Good', 'Fair', 'Poor']),
  rubricTeamwork: grid('Rubric for teamwork', ['Criterion', 'Excellent', 'Good', 'Fair', 'Poor']),
  placements: grid(
    'Students placed, admitted to higher studies, and entrepreneurs',
    ['Batch', 'Student', 'Roll no.', 'Outcome', 'Employer, exam and institution, or venture'],
    'placements',
  ),
  chaptersEvents: grid('Professional societies, chapters and events', ['Year', 'Society or chapter', 'Event', 'Date', 'Level']),
  bodies: grid('Table 4.7.1.1: professional societies and clubs', ['Body', 'Chapter or club', 'Year started', 'Members']),
  events: grid('Table 4.7.1.2: events organised', ['Event', 'Body', 'Date', 'Level', 'Participants']),
  studentEvents: grid('Participation in events of other institutes', ['Student', 'Event', 'Level', 'Date', 'Award']),
  magazines: grid('Technical magazines and newsletters', ['Title', 'Editor', 'Publisher', 'Issues in the year']),
  studentPublications: grid('Table 4.7.4.1: student publications', ['Student', 'Title', 'Journal or conference', 'Publisher', 'Award']),
  fdpAttended: grid('Faculty as participants in FDPs/STTPs', ['Faculty', 'Programme', 'Organiser', 'From', 'To', 'Days'], 'fdp-attended'),
  resourcePersons: grid('Faculty as resource persons in STTPs/FDPs', ['Faculty', 'Programme', 'Organiser', 'Role', 'Date']),
  fdpOrganised: grid('FDPs/STTPs organised by the department', ['Programme', 'Type', 'From', 'To', 'Participants'], 'fdp-organised'),
  memberships: grid('Memberships of professional societies', ['Faculty', 'Society', 'Membership', 'Member since'], 'memberships'),
  facultyMoocs: grid('Faculty certified in MOOCs', ['Faculty', 'Course', 'Platform', 'Year']),
  innovativeProjects: grid('Faculty support to student innovative projects', ['Project', 'Students', 'Faculty', 'Outcome']),
  facultyInternships: grid('Faculty internships and industry collaboration', ['Faculty', 'Organisation', 'From', 'To', 'Outcome']),
  research: grid('Research and development', ['Faculty', 'Work (paper, book, project or consultancy)', 'Year', 'Details']),
  development: grid('Development activities', ['Faculty', 'Patent, product, prototype or material', 'Year', 'Status']),
  sponsored: grid(
    'Sponsored research',
    ['Faculty', 'Project', 'Funding agency', 'Year sanctioned', 'Amount (₹)', 'Duration (months)'],
    'sponsored',
  ),
  consultancy: grid('Consultancy', ['Faculty', 'Project', 'Client', 'Amount (₹)', 'Year']),
  seedMoney: grid('Seed money and internal research grants', ['Faculty', 'Grant', 'Amount (₹)', 'Year', 'Use']),
  visiting: grid('Visiting, adjunct and emeritus faculty', ['Name', 'Organisation', 'Course', 'Hours per year']),
  labs: grid(
    'Laboratories',
    ['Laboratory (course)', 'Experiments', 'Sessions', 'Batch size', 'Major equipment', 'Weekly use (hours)', 'Technical staff'],
    'labs',
  ),
  labSafety: grid('Safety measures in laboratories', ['Laboratory (course)', 'Safety measures'], 'labs'),
  poActions: grid('Actions on the attainment of POs and PSOs', ['PO/PSO', 'Target level', 'Attainment level', 'Observation', 'Action']),
  placementImprovement: grid('Placement, higher studies and entrepreneurs', ['Item', 'LYG', 'LYGm1', 'LYGm2']),
  admittedQuality: grid('Quality of students admitted', ['Item', 'CAY', 'CAYm1', 'CAYm2']),
  facultyImprovement: grid('Faculty qualification and contribution', ['Item', 'CAYm1', 'CAYm2', 'CAYm3']),
  apiImprovement: grid('Academic performance index', ['Year of study', 'CAYm1', 'CAYm2', 'CAYm3']),
  firstYearSfr: grid(
    'First-year student-faculty ratio',
    ['Academic year', 'Students', 'Faculty (full-time equivalent)', 'Ratio'],
    'first-year',
  ),
  governance: grid('Bodies of governance', ['Body', 'Members', 'Meetings in the year', 'Attendance']),
  budget: grid('Budget and actual expenditure', ['Financial year', 'Item', 'Budgeted (₹)', 'Actual expenditure (₹)']),
  library: grid('Library and internet', ['Item', 'Details']),
} as const satisfies Record<string, SarTableDef>;
