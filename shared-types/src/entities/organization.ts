import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { DEFAULT_ACADEMIC_YEAR_START_MONTH, MONTH_NAMES } from '../format/academic-year.js';
import { CAMPUS_LOCALES, DEFAULT_LOCALE } from './choices.js';

/** Months 1-12, the choices of the organization's `academic_year_start_month`. */
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * Organization: the campus itself (the tenant). One record per campus, id = campus id (spec part 1 §3).
 * `description` is rich text, sanitized on save and on display. `locale` is how the campus's screens write dates and
 * numbers (en-IN unless chosen). `academic_year_start_month` (1-12, June unless chosen) is the month the campus's
 * academic year starts in. `current_academic_year` (`2025-26`) is the campus's current academic year (CAY), which every
 * page opens on: an administrator's deliberate, audited choice; until one is set, the year today's date falls in.
 */
export const organization = defineEntity({
  name: 'organization',
  label: 'Organization',
  path: '/api/organization',
  domain: 'configuration',
  singleton: true,
  writeRoles: ['admin'],
  fields: [
    f.string('society_name', 'Society name', { max: 200 }),
    f.string('name', 'Organization name', { required: true, max: 200 }),
    f.html('description', 'Description'),
    f.text('mission', 'Mission', { max: 5000 }),
    f.text('vision', 'Vision', { max: 5000 }),
    f.enum('locale', 'Dates and numbers', CAMPUS_LOCALES, {
      default: DEFAULT_LOCALE,
      choiceLabels: {
        'en-IN': 'India: 21/11/2026, 1,00,000.5',
        'en-GB': 'United Kingdom: 21/11/2026, 100,000.5',
        'en-US': 'United States: 11/21/2026, 100,000.5',
      },
    }),
    // One current academic year: the month the campus's academic year starts in (a month picker; absent = June).
    f.enum('academic_year_start_month', 'Academic year starts in', MONTHS, {
      default: DEFAULT_ACADEMIC_YEAR_START_MONTH,
      choiceLabels: Object.fromEntries(MONTHS.map((m) => [String(m), MONTH_NAMES[m - 1]])),
    }),
    // One current academic year, chosen: every page opens on it (`campusCurrentYear`); none set: the year of today's date.
    f.string('current_academic_year', 'Current academic year (CAY)', { max: 7, academicYear: true }),
    // The campus's mail goes out from this address (an identity verified in SES); none: the stack's default.
    f.email('mail_from', 'Send mail from'),
  ],
  columns: ['name', 'society_name'],
});
