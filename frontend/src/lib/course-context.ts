/**
 * The course being worked on (`?curriculum=&term=&course=`): the side tabs of the areas that work on a course keep it,
 * so does the menu between those areas and a question paper opened from its occasion, so a course added under
 * Curriculum is still chosen under Assessments and Attainment.
 */
export const COURSE_CONTEXT = ['curriculum', 'term', 'course'] as const;
