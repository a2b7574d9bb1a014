import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { CAMPUS_LOCALES, DEFAULT_LOCALE } from './choices.js';

/**
 * Organization: the campus itself (the tenant). One record per campus, id = campus id (spec part 1 §3).
 * `description` is rich text, sanitized on save and on display. `locale` is how the campus's screens write dates and
 * numbers (en-IN unless chosen).
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
    // Issue 13: the campus's mail goes out from this address (an identity verified in SES); none: the stack's default.
    f.email('mail_from', 'Send mail from'),
  ],
  columns: ['name', 'society_name'],
});
