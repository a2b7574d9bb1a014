import { f } from '../../registry/field.js';
import { BOOK_TYPES, OTHER_BOOK } from './choices.js';
import { personalRecord } from './personal-record.js';

/** Book published (spec part 2 §3 and §5); `book_type` is asked only when the type is "Other". */
export const bookPublish = personalRecord({
  name: 'book-publish',
  label: 'Book published',
  path: '/api/book-publish',
  fields: [
    f.string('book_title', 'Book title', { required: true, max: 300 }),
    f.int('publish_year', 'Year published', { required: true, min: 1900, max: 2100 }),
    f.enum('type', 'Type', BOOK_TYPES, { required: true }),
    f.string('book_type', 'Type (specify)', { max: 100, askedWhen: { field: 'type', equals: OTHER_BOOK } }),
    f.string('co_author', 'Co-authors', { max: 500 }),
    f.string('isbn', 'ISBN', { max: 20 }),
    f.string('published_in', 'Publisher', { max: 200 }),
    f.string('language', 'Language', { max: 50 }),
    f.string('book_no', 'Edition / book number', { max: 50 }),
    f.int('copyright_year', 'Copyright year', { min: 1900, max: 2100 }),
    f.int('no_of_chapter', 'Chapters', { min: 0, max: 1000 }),
    f.text('about_book', 'About the book', { max: 5000 }),
  ],
  columns: ['book_title', 'type', 'published_in', 'publish_year', 'isbn'],
  display: 'book_title',
});
