import { f } from '../../registry/field.js';
import { personalRecord } from './personal-record.js';

/** Book chapter (spec part 2 §3 and §5). */
export const bookChapter = personalRecord({
  name: 'book-chapter',
  label: 'Book chapter',
  path: '/api/book-chapter',
  fields: [
    f.string('chapter_title', 'Chapter title', { required: true, max: 300 }),
    f.string('book_title', 'Book title', { required: true, max: 300 }),
    f.string('author', 'Authors', { max: 500 }),
    f.string('editor', 'Editors', { max: 500 }),
    f.string('isbn', 'ISBN', { max: 20 }),
    f.text('description', 'Description', { max: 5000 }),
  ],
  columns: ['chapter_title', 'book_title', 'editor', 'isbn'],
  display: 'chapter_title',
});
