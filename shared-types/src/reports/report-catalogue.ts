/**
 * The reports of the Reports area (spec part 2 §2 "Reports"): one entry per `/reports/<path>` route, in the
 * side menu's order. `pickers` are the query parameters its API takes (`GET /api/reports/{api}?curriculum=&...`),
 * in the order the page shows them; `required` pickers must be chosen before the report is read. Survey reports are
 * served by the Survey area's API (`api` absent) and the SAR export by `SAR_PATH`.
 */

/** A report picker: the query parameter and what it picks. */
export type ReportPicker = 'department' | 'user' | 'curriculum' | 'term' | 'course' | 'option' | 'map_state' | 'year';

/** Mapping option of the mapping report (spec part 2 §4): which outcome columns it shows. */
export const MAPPING_OPTIONS = ['POs', 'PSOs', 'All'] as const;
export type MappingOption = (typeof MAPPING_OPTIONS)[number];
/** Map state of the articulation reports (spec part 2 §4): a course's cell is its COs' highest or average value. */
export const MAP_STATES = ['Highest', 'Average'] as const;
export type MapState = (typeof MAP_STATES)[number];

/** One report of the catalogue. */
export interface ReportEntry {
  /** Route under `/reports` ('' for `/reports` itself). */
  path: string;
  label: string;
  /** API name: `GET /api/reports/{api}`; absent for pages served by another area's API. */
  api?: string;
  pickers: readonly ReportPicker[];
  required: readonly ReportPicker[];
  /** What the page is for, in one sentence (shown under its title). */
  purpose: string;
}

/** Base path of the reports API. */
export const REPORTS_PATH = '/api/reports';

const CTC = ['curriculum', 'term', 'course'] as const;

/** Every report of the Reports area, in the side menu's order (built in a pure function: a Lambda that only needs `REPORTS_PATH` leaves it out). */
export const REPORTS: readonly ReportEntry[] = /* @__PURE__ */ ((): ReportEntry[] => [
  {
    path: '',
    label: 'Faculty Profile',
    api: 'faculty-profile',
    pickers: ['department', 'user'],
    required: ['user'],
    purpose: "A faculty member's whole profile: personal and professional details, qualifications and contribution counts.",
  },
  {
    path: 'department-curr',
    label: 'Department/Curriculum',
    api: 'department-curr',
    pickers: ['curriculum'],
    required: ['curriculum'],
    purpose: "The vision, mission, PEOs and POs of a curriculum's program, and Bloom's taxonomy.",
  },
  {
    path: 'mapping-report',
    label: 'Mapping Report',
    api: 'mapping-report',
    pickers: [...CTC, 'option'],
    required: ['curriculum'],
    purpose: "Each course's CO to PO/PSO mapping, and the program's PEOs and POs.",
  },
  {
    path: 'program-art',
    label: 'Program Articulation Matrix',
    api: 'program-art',
    pickers: [...CTC, 'map_state'],
    required: ['curriculum'],
    purpose: "Course to PO/PSO mapping strength, from each course's CO rows (highest or average).",
  },
  {
    path: 'program-level',
    label: 'Program Level Course-PO Matrix',
    api: 'program-level',
    pickers: [...CTC, 'map_state'],
    required: ['curriculum'],
    purpose: 'Courses by term against POs/PSOs, with the program-level figure of each outcome.',
  },
  {
    path: 'transpose-prog',
    label: 'Transpose Program Articulation Matrix',
    api: 'transpose-prog',
    pickers: ['curriculum'],
    required: ['curriculum'],
    purpose: 'Each PO/PSO against semesters 1 to 8: how strongly each semester addresses it.',
  },
  {
    path: 'ao-mapping',
    label: 'Assessment Occasion Mapping',
    api: 'ao-mapping',
    pickers: CTC,
    required: ['curriculum'],
    purpose: "Assessment occasions and their questions mapped to COs and Bloom's levels.",
  },
  {
    path: 'cia-question',
    label: 'CIA Question Papers',
    api: 'cia-question',
    pickers: CTC,
    required: ['curriculum'],
    purpose: "Each continuous internal assessment paper's marks by CO and by Bloom's level.",
  },
  {
    path: 'course-domain-report',
    label: 'Courses by Domain',
    api: 'course-domain-report',
    pickers: ['curriculum'],
    required: ['curriculum'],
    purpose: 'Courses grouped by domain and course type, with L-T-P and credits.',
  },
  {
    path: 'lab-lesson',
    label: 'Lab Lesson Plan',
    api: 'lab-lesson',
    pickers: CTC,
    required: ['curriculum'],
    purpose: 'Lab experiments: planned against actual delivery dates.',
  },
  {
    path: 'student-imp',
    label: 'Student Improvement Plans',
    api: 'student-imp',
    pickers: [...CTC, 'year'],
    required: ['curriculum'],
    purpose: 'Students below the threshold per course and CO, and where their improvement actions stand.',
  },
  {
    path: 'termwise-course',
    label: 'Term-wise Courses',
    api: 'termwise-course',
    pickers: ['curriculum'],
    required: ['curriculum'],
    purpose: 'Courses of each term with L-T-P, credits and marks.',
  },
  {
    path: 'text-ref',
    label: 'Text and Reference Books',
    api: 'text-ref',
    pickers: CTC,
    required: ['curriculum'],
    purpose: "Each course's text and reference books.",
  },
  {
    path: 'theory-lesson',
    label: 'Theory Lesson Plan',
    api: 'theory-lesson',
    pickers: CTC,
    required: ['curriculum'],
    purpose: "Topics and contact hours per unit, against the program's units.",
  },
  {
    path: 'unmapped-report',
    label: 'Unmapped Outcomes',
    api: 'unmapped-report',
    pickers: ['curriculum'],
    required: ['curriculum'],
    purpose: 'COs mapped to no PO/PSO, POs/PSOs no course addresses, and courses without a matrix.',
  },
  {
    path: 'host-survey',
    label: 'Host Survey',
    pickers: [],
    required: [],
    purpose: 'Invite stakeholders to a survey, remind them and enter paper results.',
  },
  { path: 'survey-report', label: 'Survey Report', pickers: [], required: [], purpose: "A survey's answers, levels and response rate." },
  {
    path: 'sar',
    label: 'NBA SAR Export',
    pickers: [],
    required: [],
    purpose: 'Criterion 3 and 5 tables of the NBA Self Assessment Report, as DOCX or PDF.',
  },
  {
    path: 'sar-readiness',
    label: 'SAR Readiness',
    pickers: [],
    required: [],
    purpose: 'Each criterion’s marks from the data or the team’s claims, NBA’s decision rule applied, and what holds the program back.',
  },
  {
    path: 'sar-sections',
    label: 'SAR: Sections',
    pickers: [],
    required: [],
    purpose: 'The items the program team writes: text, owner, status, claimed marks, evidence and review comments.',
  },
  {
    path: 'sar-students',
    label: 'SAR: Students’ Performance',
    pickers: [],
    required: [],
    purpose: 'Each batch of a program by entry year: admissions, results per year of study, graduates and placements (Criterion 4).',
  },
  {
    path: 'sar-first-year',
    label: 'SAR: First Year Academics',
    pickers: [],
    required: [],
    purpose: 'The first year of each academic year: students, faculty by fractional load and qualification, results (Criterion 8).',
  },
])();

/** The catalogue entry served at `GET /api/reports/{api}`, if any. */
export const reportByApi = (api: string): ReportEntry | undefined => REPORTS.find((r) => r.api === api);
