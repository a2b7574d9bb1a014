import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/** Whether a book is one of a course's text books or a reference book. */
export const BOOK_KINDS = ['Text book', 'Reference book'] as const;

/**
 * A text or reference book of a course (the `text-ref` report; kept under Curriculum like topics and lab
 * experiments, written by admins and the course's owner). `year` is the edition's year of publication.
 */
export const textReference = defineEntity({
  name: 'text-reference',
  label: 'Text/reference book',
  path: '/api/text-reference',
  domain: 'curriculum',
  writeRoles: ['admin'],
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.enum('kind', 'Kind', BOOK_KINDS, { required: true }),
    f.string('title', 'Title', { required: true, max: 300 }),
    f.string('authors', 'Authors', { required: true, max: 300 }),
    f.string('publisher', 'Publisher', { max: 200 }),
    f.string('edition', 'Edition', { max: 30 }),
    f.int('year', 'Year', { min: 1800, max: 2100 }),
  ],
  columns: ['kind', 'title', 'authors', 'publisher', 'edition', 'year', 'course'],
  filters: ['course', 'kind'],
  indexes: [{ field: 'course', sortBy: 'kind' }],
  display: 'title',
});
