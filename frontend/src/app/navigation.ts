import { COURSE_CONTEXT } from '../lib/course-context';
import { FACULTY_RECORD_TITLES, REPORTS, may } from '@attain/shared-types';

/**
 * Top navigation: the nine areas of spec part 1 §2 (their labels and routes), in the order of the work (issue 30): the
 * campus set up, its curricula, assessments, then attainment, surveys, reports, faculty records and utilities.
 */
export const NAV_ENTRIES = [
  { label: 'Dashboard', to: '/dashboard', icon: 'pi pi-home' },
  { label: 'Configuration', to: '/configuration', icon: 'pi pi-cog' },
  { label: 'Curriculum', to: '/curriculum', icon: 'pi pi-book' },
  { label: 'Assessments', to: '/assessments', icon: 'pi pi-pencil' },
  { label: 'Attainment', to: '/attainment', icon: 'pi pi-chart-line' },
  { label: 'Survey', to: '/survey', icon: 'pi pi-comments' },
  { label: 'Reports', to: '/reports', icon: 'pi pi-file' },
  { label: 'Faculty Contribution', to: '/faculty-contribution', icon: 'pi pi-user' },
  { label: 'Utilities', to: '/utilities', icon: 'pi pi-envelope' },
] as const;

/** Dashboard tiles (spec part 2 §2), four per row on wide screens. */
export const DASHBOARD_TILES = [
  'Dashboard',
  'Attainment',
  'Reports',
  'Survey',
  'Faculty Contribution',
  'Assessments',
  'Utilities',
  'Curriculum',
].map((label) => NAV_ENTRIES.find((e) => e.label === label)!);

/**
 * Configuration side tabs (spec part 1 §2), in order. `entity` names the registry entity a generic table shows;
 * `bespoke` names a screen of its own.
 */
export const CONFIGURATION_TABS: {
  label: string;
  path: string;
  entity?: string;
  bespoke?: 'organization' | 'users' | 'program-outcomes';
}[] = [
  { label: 'Organization', path: '', bespoke: 'organization' },
  { label: 'Department', path: 'department', entity: 'department' },
  { label: 'Program Type', path: 'program-type', entity: 'program-type' },
  { label: 'Program Mode', path: 'program-mode', entity: 'program-mode' },
  { label: 'Program', path: 'program', entity: 'program' },
  { label: 'Users', path: 'users', bespoke: 'users' },
  { label: 'Program Outcome', path: 'program-outcome', entity: 'program-outcome' },
  { label: 'Generic Program Outcomes', path: 'generic-program-outcomes', bespoke: 'program-outcomes' },
  { label: 'Course Type', path: 'course-type', entity: 'course-type' },
  { label: 'Delivery Method', path: 'delivery-method', entity: 'delivery-method' },
  { label: 'Lab Category', path: 'lab-category', entity: 'lab-category' },
  { label: "Bloom's Domain", path: 'blooms-domain', entity: 'bloom-domain' },
  { label: "Bloom's Level", path: 'blooms-level', entity: 'bloom-level' },
  { label: 'Map Level Weightage', path: 'map-level-weightage', entity: 'map-level-weightage' },
];

/** Curriculum side tabs: the spec's routes plus Curricula, where a program's curricula (and their terms) are kept. */
export const CURRICULUM_TABS = [
  { label: 'Courses', path: '' },
  { label: 'Curricula', path: 'curricula' },
  { label: 'Course Outcomes', path: 'course-outcome' },
  { label: 'CO-PO Mapping', path: 'co-po-maping' },
  { label: 'Topics and TLOs', path: 'manage-topic-tlos' },
  { label: 'Lab Experiments', path: 'manage-lab-experiment-tlos' },
  { label: 'Text and Reference Books', path: 'text-reference-books' },
] as const;

/** Assessments side tabs (spec part 1 §2). */
export const ASSESSMENT_TABS = [
  { label: 'Question Bank', path: '' },
  { label: 'ISE/MSE Occasions', path: 'manage-ise-mse-occassion' },
  { label: 'ISE/MSE Question Papers and Rubrics', path: 'manage-ise-mse-qp-rubrics' },
  { label: 'ESE Question Papers', path: 'manage-ese-qp' },
] as const;

/**
 * Attainment side tabs (spec part 1 §2 Attainment, the routes kept as the spec spells them, `comparision` included),
 * plus Methodology and Students, where a program's method and a curriculum's roster are kept, and Student Accounts
 * (administrators), where the roster's students are invited to sign in.
 */
export const ATTAINMENT_TABS = [
  { label: 'CIA Data Entry', path: '' },
  { label: 'ISE/MSE Data Import', path: 'ise-mse-data-import' },
  { label: 'ESE Data Import', path: 'ese-data-import' },
  { label: 'CO Attainment', path: 'co-attainment' },
  { label: 'Course CO Attainment', path: 'course-co-attainment' },
  { label: 'Course Attainment Comparison', path: 'course-attainment-comparision' },
  { label: 'PO Attainment', path: 'po-attainment' },
  { label: 'Program Level PO Attainment', path: 'program-level-course' },
  { label: 'CAY PO Attainment', path: 'cay-po-attainment' },
  { label: 'Individual PO Attainment', path: 'individual-po-attainment' },
  { label: 'Data Analysis', path: 'data-analysis' },
  { label: 'Student CO Attainment', path: 'student-co-attainment' },
  { label: 'Student PO Attainment', path: 'student-po-attainment' },
  { label: 'Student Improvement Plan', path: 'student-improvement-plan' },
  { label: 'Methodology', path: 'methodology' },
  { label: 'Students', path: 'students' },
  { label: 'Student Accounts', path: 'student-accounts', adminOnly: true },
] as const;

/** The route of an area's side tab (`''` is the area's own route). */
export const tabRoute = (area: string, path: string): string => (path ? `${area}/${path}` : area);

/**
 * A route with the given query (empty values left out), for hints that send people elsewhere with what they had
 * chosen: `hrefWith('/attainment/students', { curriculum, section })`.
 */
export function hrefWith(path: string, query: Readonly<Record<string, string | null | undefined>>): string {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return q ? `${path}?${q}` : path;
}

/**
 * Faculty Contribution side tabs (spec part 2 §2): the profile, then the 13 record types at the spec's paths, each
 * naming its registry entity, titled as the faculty CV's sections (`FACULTY_RECORD_TITLES`).
 */
export const FACULTY_TABS: readonly { label: string; path: string; entity?: string }[] = [
  { label: 'Faculty Profile', path: '' },
  ...(
    [
      ['faculty_workload', 'faculty-workload'],
      ['research_publication', 'research-publication'],
      ['consultancy_project', 'consulting-testing-project'],
      ['sponsored_project', 'sponsored-project'],
      ['awards_honors', 'award-honour'],
      ['patent_innovation', 'patent-innovation'],
      ['book_published', 'book-publish'],
      ['book_chapter', 'book-chapter'],
      ['scholarship', 'fellowship'],
      ['workshop_organized', 'workshop-organized'],
      ['workshop_attended', 'workshop-attended'],
      ['professional_bodies', 'professional-body'],
      ['research_projects', 'research-project'],
    ] as const
  ).map(([path, entity]) => ({ label: FACULTY_RECORD_TITLES[entity], path, entity })),
];

/** A side tab as the drawer lists it; `adminOnly` tabs are offered to campus administrators only. */
export interface AreaTab {
  label: string;
  path: string;
  adminOnly?: boolean;
}

/**
 * Utilities side tabs (spec part 2 §2): Send Mail (with the sent mails and their receipts), Manage User, and the
 * campus's mail suppression list, audit trail, API keys for machine clients and the API reference (administrators
 * only).
 */
export const UTILITIES_TABS: readonly AreaTab[] = [
  { label: 'Send Mail', path: '' },
  { label: 'Manage User', path: 'manage_user' },
  { label: 'Suppression list', path: 'suppression-list', adminOnly: true },
  { label: 'Audit trail', path: 'audit-trail', adminOnly: true },
  { label: 'College sign-in', path: 'college-sign-in', adminOnly: true },
  { label: 'API keys', path: 'api-keys', adminOnly: true },
  { label: 'API reference', path: 'api-reference', adminOnly: true },
];

/**
 * Survey side tabs (spec part 2 §2 Survey, the spec's routes): the dashboard, stakeholders, templates, surveys, and
 * hosting a survey and its report (`?survey=<id>` names the survey).
 */
export const SURVEY_TABS: readonly AreaTab[] = [
  { label: 'Dashboard', path: '' },
  { label: 'Stakeholders', path: 'manage-stakeholder' },
  { label: 'Templates', path: 'manage-survey-templates' },
  { label: 'Surveys', path: 'create-survey' },
  { label: 'Host survey', path: 'host-survey' },
  { label: 'Survey report', path: 'survey-report' },
];

/**
 * Reports side tabs: every report of the catalogue (`REPORTS`), in its order: the 15 reports read from
 * `/api/reports/{api}`, Host survey and Survey report (the Survey area's pages) and the NBA SAR export.
 */
export const REPORTS_TABS: readonly AreaTab[] = REPORTS.map((r) => ({ label: r.label, path: r.path }));

/** The tabs of `tabs` offered to a user of `role` (`adminOnly` ones to those who administer the campus only). */
export const tabsFor = <T extends AreaTab>(tabs: readonly T[], role: string | undefined): T[] =>
  tabs.filter((t) => !t.adminOnly || may({ role }, 'administer-campus'));

/** The side tabs under each area's route: the narrow screen's drawer shows them as that entry's submenu. */
export const AREA_TABS: Readonly<Record<string, readonly AreaTab[]>> = {
  '/attainment': ATTAINMENT_TABS,
  '/configuration': CONFIGURATION_TABS,
  '/assessments': ASSESSMENT_TABS,
  '/curriculum': CURRICULUM_TABS,
  '/faculty-contribution': FACULTY_TABS,
  '/utilities': UTILITIES_TABS,
  '/survey': SURVEY_TABS,
  '/reports': REPORTS_TABS,
};

/** The group administrator's own area, after the nine: its campuses and the roll-up across them. */
export const GROUP_ENTRY = { label: 'Group', to: '/group', icon: 'pi pi-sitemap' } as const;

/** The Group area's side tabs. */
export const GROUP_TABS: readonly AreaTab[] = [
  { label: 'Campuses', path: 'campuses' },
  { label: 'Roll-up', path: 'rollup' },
];

const COURSE_AREAS = new Set(['/curriculum', '/assessments', '/attainment', '/reports']);

/** The menu entry `to` with the course being worked on carried from `params` when both are areas that work on a course. */
export function withCourseContext(to: string, pathname: string, params: URLSearchParams): string {
  const here = `/${pathname.split('/')[1] ?? ''}`;
  if (!COURSE_AREAS.has(to) || !COURSE_AREAS.has(here)) return to;
  const kept = new URLSearchParams(COURSE_CONTEXT.flatMap((k) => (params.get(k) ? [[k, params.get(k) ?? '']] : []))).toString();
  return kept ? `${to}?${kept}` : to;
}

/** The top navigation's entries for a user of `role`: the nine areas, and Group for one who oversees a group. */
export const navEntriesFor = (role: string | undefined): readonly { label: string; to: string; icon: string }[] =>
  !may({ role }, 'read-campus') ? STUDENT_ENTRIES : may({ role }, 'oversee-group') ? [...NAV_ENTRIES, GROUP_ENTRY] : NAV_ENTRIES;

/** What a student's menu offers (issue 43): their own pages only; the staff's areas are not theirs. */
export const STUDENT_ENTRIES = [
  { label: 'My results', to: '/me', icon: 'pi pi-chart-bar' },
  { label: 'Surveys', to: '/me/surveys', icon: 'pi pi-comments' },
] as const;

/**
 * Whether the menu entry `to` holds another entry's address (`/me` holds `/me/surveys`): it is then current on its
 * own address only, so one entry is marked at a time.
 */
export const holdsAnother = (to: string, role: string | undefined): boolean =>
  navEntriesFor(role).some((e) => e.to !== to && e.to.startsWith(`${to}/`));

/** Where a signed-in user lands: the staff's dashboard, a student's own results. */
export const homeFor = (role: string | undefined): string => (may({ role }, 'read-campus') ? '/dashboard' : STUDENT_ENTRIES[0].to);

/** The side tabs under an area's route, for `role` (the Group area's for one who oversees a group). */
export const areaTabsFor = (to: string, role: string | undefined): readonly AreaTab[] | undefined =>
  to === GROUP_ENTRY.to ? (may({ role }, 'oversee-group') ? GROUP_TABS : undefined) : AREA_TABS[to];

/** The page a signed-in address shows: its area's menu entry and, under an area with side tabs, the tab it opens. */
export interface PageName {
  area: string;
  page: string;
}

/**
 * The page `pathname` shows to a user of `role`, for its `<title>` and `h1`: the menu entry whose route the address is
 * or is under, and the side tab its next path segment names (an area's own route opens its first tab). Undefined for
 * an address outside every area.
 */
export function pageOf(pathname: string, role: string | undefined): PageName | undefined {
  // The longest entry that holds the address: `/me/surveys/x` is the student's Surveys, not My results.
  const entry = [...navEntriesFor(role)]
    .sort((a, b) => b.to.length - a.to.length)
    .find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
  if (!entry) return undefined;
  const segment = pathname.slice(entry.to.length).split('/')[1] ?? '';
  const tab = (areaTabsFor(entry.to, role) ?? []).find((t) => t.path === segment);
  return { area: entry.label, page: tab?.label ?? entry.label };
}
