import type { YearChoice } from '../format/academic-year.js';
/**
 * The dashboard (spec part 2, "Dashboard": eight tiles, four per row, linking to Dashboard, Attainment, Reports,
 * Survey, Faculty Contribution, Assessments, Utilities, Curriculum). Each tile also carries live figures for
 * the campus, or for the whole group when a group administrator has picked "All campuses".
 */
export const DASHBOARD_PATH = '/api/dashboard';

/** The spec's eight tiles, in its order, with the page each links to. */
export const DASHBOARD_TILES = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard' },
  { key: 'attainment', label: 'Attainment', path: '/attainment' },
  { key: 'reports', label: 'Reports', path: '/reports' },
  { key: 'survey', label: 'Survey', path: '/survey' },
  { key: 'faculty-contribution', label: 'Faculty Contribution', path: '/faculty-contribution' },
  { key: 'assessments', label: 'Assessments', path: '/assessments' },
  { key: 'utilities', label: 'Utilities', path: '/utilities' },
  { key: 'curriculum', label: 'Curriculum', path: '/curriculum' },
] as const;
export type DashboardTileKey = (typeof DASHBOARD_TILES)[number]['key'];

/** A live figure on a tile: `value` (null: nothing to count yet), its words, and the page behind it. */
export interface DashboardFigure {
  label: string;
  value: number | null;
  /** As shown, e.g. "3 of 9", "41.7 %". */
  text: string;
  /** The page that lists what the figure counts (with pickers filled where it can). */
  href: string;
}

/** `GET /api/dashboard`: the figures per tile, for the campus in scope or (group, no campus picked) the group. */
export interface DashboardView {
  scope: 'campus' | 'group';
  /** The academic year the figures count ("2025-26"): `year_choice.year` (`defaultResultsYear`). */
  academic_year: string;
  /** Why that year: the rule and the caption the page shows. */
  year_choice: YearChoice;
  /** ISO date the month and year figures are counted from, and to (today). */
  tiles: Record<DashboardTileKey, DashboardFigure[]>;
  /**
   * Some figures predate the latest changes of a campus counted: they are being brought up to date (a few seconds
   * after a change), and the page says so and reads them again.
   */
  updating: boolean;
}
