import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { DIFFICULTY_LEVELS, QUESTION_TYPES } from './choices.js';

/** Question bank entry (spec part 1 §3, §5): the question text is required; type and difficulty from the spec. */
export const questionbank = defineEntity({
  name: 'questionbank',
  label: 'Question',
  path: '/api/questionbank',
  domain: 'assessments',
  writeRoles: ['admin'],
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.ref('topic', 'Topic', 'topic', { within: 'course' }),
    f.text('questions', 'Question', { required: true, max: 5000 }),
    f.ref('bloom_level', "Bloom's level", 'bloom-level'),
    f.enum('difficulty_level', 'Difficulty', DIFFICULTY_LEVELS),
    f.enum('question_type', 'Question type', QUESTION_TYPES),
  ],
  columns: ['questions', 'course', 'topic', 'bloom_level', 'difficulty_level', 'question_type'],
  filters: ['course', 'topic'],
  indexes: [{ field: 'course' }],
  display: 'questions',
});
