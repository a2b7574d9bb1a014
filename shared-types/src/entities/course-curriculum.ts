import { defineEntity } from '../registry/entity.js';
import { type WorkedOut, f } from '../registry/field.js';
import { COURSE_KINDS } from './choices.js';

/**
 * A course's credits from its weekly hours of lecture, tutorial and practical, as the AICTE Model Curriculum for
 * Undergraduate Degree Courses in Engineering & Technology (2018) counts them: 1 credit per hour of L or T, half a
 * credit per hour of P. Universities that count otherwise (IIT Palakkad's 2022 curriculum in `data/`: 1-0-3 is 3
 * credits) type their own total. Null while a part is missing or when the total is not a whole number (the field holds
 * whole credits).
 */
export const AICTE_CREDITS: WorkedOut = {
  from: ['lecture_credits', 'tutor_credits', 'practical_credits'],
  rule: 'L + T + P/2 (AICTE model curriculum)',
  compute: (v) => {
    const [l, t, p] = [v.lecture_credits, v.tutor_credits, v.practical_credits];
    if (typeof l !== 'number' || typeof t !== 'number' || typeof p !== 'number') return null;
    const total = l + t + p / 2;
    return Number.isInteger(total) ? total : null;
  },
};

/**
 * A course as taught in one term of a curriculum (spec part 1 §3 "Course curriculum"; `/api/Course-Curriculum`; the
 * spec's `/api/course` is the course type, `courseType`). Required: curriculum, term, reviewer_department (spec part 1 §5). Credits are
 * integers; weightages are percent; marks are marks; `ese_duration` is minutes. `owner` is the faculty member
 * who may write the course's outcomes, CO-PO mapping and question papers.
 */
export const courseCurriculum = defineEntity({
  name: 'course-curriculum',
  label: 'Course',
  path: '/api/Course-Curriculum',
  domain: 'curriculum',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  fields: [
    f.ref('curriculum', 'Curriculum', 'curriculum', { required: true }),
    f.ref('term', 'Term', 'term', { required: true, within: 'curriculum' }),
    f.string('code', 'Code', { max: 30 }),
    f.string('title', 'Title', { required: true, max: 200 }),
    f.string('acronym', 'Acronym', { max: 20 }),
    f.enum('type', 'Core / elective', COURSE_KINDS),
    f.ref('type_of_course', 'Course type', 'course-type'),
    f.string('domain', 'Domain (category)', { max: 50 }),
    f.ref('prerequisite_course', 'Prerequisite course', 'course-curriculum', { refLabel: 'code' }),
    f.ref('owner', 'Course owner', 'profile'),
    f.int('lecture_credits', 'Lecture credits (L)', { min: 0, max: 40 }),
    f.int('tutor_credits', 'Tutorial credits (T)', { min: 0, max: 40 }),
    f.int('practical_credits', 'Practical credits (P)', { min: 0, max: 40 }),
    f.int('total_credits', 'Total credits', { min: 0, max: 40, workedOut: AICTE_CREDITS }),
    f.int('total_ISE_and_MSE_weightage', 'ISE + MSE weightage (%)', { min: 0, max: 100 }),
    f.int('total_ESE_weightage', 'ESE weightage (%)', { min: 0, max: 100 }),
    f.ref('reviewer_department', 'Reviewer department', 'department', { required: true }),
    f.ref('course_reviewer', 'Course reviewer', 'profile'),
    f.date('last_date_to_review', 'Last date to review'),
    f.int('total_course_contact_hours', 'Contact hours', { min: 0, max: 1000 }),
    f.int('total_term_work_marks', 'Term work marks', { min: 0, max: 1000 }),
    f.int('total_mid_term_marks', 'Mid-term marks', { min: 0, max: 1000 }),
    f.int('total_theory_marks', 'Theory marks', { min: 0, max: 1000 }),
    f.int('total_marks', 'Total marks', { min: 0, max: 2000 }),
    f.int('ese_duration', 'ESE duration (minutes)', { min: 0, max: 600 }),
    f.ref('program', 'Program', 'program', { derivedFrom: 'curriculum' }),
    f.ref('department', 'Department', 'department', { derivedFrom: 'curriculum' }),
  ],
  columns: ['code', 'title', 'term', 'type', 'lecture_credits', 'tutor_credits', 'practical_credits', 'total_credits', 'owner'],
  filters: ['curriculum', 'term', 'program', 'department'],
  indexes: [{ field: 'curriculum', sortBy: 'term' }],
  display: 'title',
});
