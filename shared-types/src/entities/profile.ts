import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { GROUP_ROLES, ROLE_LABELS } from '../identity/roles.js';
import { notBefore } from '../registry/checks.js';

/** Kind of post (spec part 2 §3 `facility_type`). */
export const FACILITY_TYPES = ['Teaching', 'Lab', 'Administration', 'Supporting', 'Visiting'] as const;
/** Designations a member may hold together (spec part 2 §3 `designation`, a list). */
export const DESIGNATIONS = ['HOD', 'Professor', 'Assistant Professor', 'Lecturer', 'Principal', 'Associate professor'] as const;
export const FACULTY_SERVING = ['Permanent', 'Part time', 'Contract Basis'] as const;
export const HIGHEST_QUALIFICATIONS = ['BTech', 'MTech', 'Phd'] as const;
export const EXPERIENCE_TYPES = ['Teaching', 'Industry', 'Research'] as const;
export const PHD_STATUSES = ['Pursuing', 'Thesis submitted', 'Awarded'] as const;

const PERSONAL = 'Personal details';
const PROFESSIONAL = 'Professional details';
const QUALIFICATION = 'Qualification details';
const years = { min: 0, max: 60, section: PROFESSIONAL } as const;
/**
 * Fields every signed-in user of the campus may read of a colleague (`personalView`): the directory a college
 * publishes (name, title, designation, department, e-mail, photo, research interests) and the professional facts NBA's
 * SAR lists for each faculty member (qualification, post, nature of association, date of joining, experience). Every
 * other field is private: the person and the campus admins only.
 */
const DIRECTORY = { visibility: 'directory' } as const;

/** One row of `professional_detail[]`: a post held before or outside this college. */
const professionalRow = [
  f.string('organization', 'Organization', { required: true, max: 200 }),
  f.string('designation', 'Designation', { max: 100 }),
  f.enum('experience_type', 'Experience', EXPERIENCE_TYPES),
  f.date('from_date', 'From'),
  f.date('to_date', 'To'),
];
/** One row of `qualification_detail[]`: a degree. Year of passing as a year; percentage 0-100 (or CGPA written out). */
const qualificationRow = [
  f.string('degree', 'Degree', { required: true, max: 100 }),
  f.string('specialization', 'Specialization', { max: 200 }),
  f.string('institution', 'Institution', { max: 200 }),
  f.string('university', 'University', { max: 200 }),
  f.int('year_of_passing', 'Year of passing', { min: 1950, max: 2100 }),
  f.string('grade', 'Percentage / CGPA', { max: 20 }),
];
/** One row of `phd_detail[]`: a doctorate pursued or awarded. */
const phdRow = [
  f.enum('status', 'Status', PHD_STATUSES, { required: true }),
  f.string('university', 'University', { required: true, max: 200 }),
  f.string('thesis_title', 'Thesis title', { max: 300 }),
  f.string('guide', 'Guide', { max: 200 }),
  f.int('year_of_registration', 'Year of registration', { min: 1950, max: 2100 }),
  f.int('year_of_award', 'Year of award', { min: 1950, max: 2100 }),
];

/**
 * User profile (spec part 1 §3 and §5; for faculty, spec part 2 §3 "Faculty profile"): the signed-in user's own
 * record, id = Cognito `sub`. Read and changed through `GET|PATCH /api/auth/profile`; names are 2 to 50 characters.
 * Experience in years; `total_experience` is derived (teaching + industrial). `image` is a checked photo upload.
 * `responsibilties` keeps the spec's spelling.
 */
export const profile = defineEntity({
  name: 'profile',
  label: 'Profile',
  path: '/api/auth/profile',
  domain: 'auth',
  writeRoles: ['admin', 'faculty', 'group-admin'],
  personData: true,
  fields: [
    f.file('image', 'Photo', 'photo', { section: PERSONAL, ...DIRECTORY }),
    f.enum('title', 'Title', ['Mr.', 'Mrs.', 'Ms.', 'Miss.', 'Prof.', 'Dr.'], { section: PERSONAL, ...DIRECTORY }),
    f.string('first_name', 'First name', { required: true, min: 2, max: 50, section: PERSONAL, ...DIRECTORY }),
    f.string('last_name', 'Last name', { required: true, min: 2, max: 50, section: PERSONAL, ...DIRECTORY }),
    f.email('email', 'E-mail', { readOnly: true, section: PERSONAL, ...DIRECTORY }),
    f.enum('role', 'Role', GROUP_ROLES, { readOnly: true, choiceLabels: ROLE_LABELS, section: PERSONAL, ...DIRECTORY }),
    f.enum('blood_group', 'Blood group', ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'], { section: PERSONAL }),
    f.string('phone_number', 'Phone number', { max: 20, section: PERSONAL }),
    f.date('date_of_birth', 'Date of birth', { section: PERSONAL }),
    f.string('aadhar_number', 'Aadhaar number', { max: 14, section: PERSONAL, mask: 'aadhaar' }),
    f.text('present_address', 'Present address', { max: 1000, section: PERSONAL }),
    f.string('website', 'Website', { max: 300, section: PERSONAL, ...DIRECTORY }),
    f.ref('department', 'Department', 'department', { section: PROFESSIONAL, ...DIRECTORY }),
    f.string('employee_no', 'Employee number', { max: 30, section: PROFESSIONAL }),
    f.enum('facility_type', 'Faculty type', FACILITY_TYPES, { section: PROFESSIONAL, ...DIRECTORY }),
    f.multi('designation', 'Designation', DESIGNATIONS, { section: PROFESSIONAL, ...DIRECTORY }),
    f.enum('faculty_serving', 'Faculty serving', FACULTY_SERVING, { section: PROFESSIONAL, ...DIRECTORY }),
    f.date('date_of_joining', 'Date of joining', { section: PROFESSIONAL, ...DIRECTORY }),
    f.date('relieving_date', 'Relieving date', { section: PROFESSIONAL }),
    f.date('retirement_date', 'Retirement date', { section: PROFESSIONAL }),
    f.date('last_promotion', 'Last promotion', { section: PROFESSIONAL }),
    f.number('teaching_experience', 'Teaching experience (years)', { ...years, ...DIRECTORY }),
    f.number('industrial_experience', 'Industrial experience (years)', { ...years, ...DIRECTORY }),
    f.number('total_experience', 'Total experience (years)', {
      ...years,
      ...DIRECTORY,
      sumOf: ['teaching_experience', 'industrial_experience'],
    }),
    f.string('salary_pay', 'Pay scale / salary', { max: 100, section: PROFESSIONAL }),
    f.text('responsibilties', 'Responsibilities', { max: 2000, section: PROFESSIONAL, ...DIRECTORY }),
    f.text('remarks', 'Remarks', { max: 2000, section: PROFESSIONAL }),
    f.list('professional_detail', 'Professional details', professionalRow, { section: PROFESSIONAL, itemLabel: 'Post held' }),
    f.enum('highest_qualification', 'Highest qualification', HIGHEST_QUALIFICATIONS, {
      section: QUALIFICATION,
      ...DIRECTORY,
      choiceLabels: { BTech: 'B.Tech', MTech: 'M.Tech', Phd: 'Ph.D' },
    }),
    f.string('specialization', 'Specialization', { max: 200, section: QUALIFICATION, ...DIRECTORY }),
    f.text('research_interest', 'Research interest', { max: 2000, section: QUALIFICATION, ...DIRECTORY }),
    f.text('skills', 'Skills', { max: 2000, section: QUALIFICATION, ...DIRECTORY }),
    f.list('qualification_detail', 'Qualifications', qualificationRow, { section: QUALIFICATION, itemLabel: 'Qualification' }),
    f.list('phd_detail', 'Ph.D details', phdRow, { section: QUALIFICATION, maxItems: 3, itemLabel: 'Ph.D', ...DIRECTORY }),
    f.text('other_detail', 'Other details', { max: 2000, section: QUALIFICATION }),
  ],
  columns: ['first_name', 'last_name', 'email', 'phone_number'],
  listPath: '/api/auth/user-list',
  display: 'name',
  checks: (d) => ({
    ...notBefore('date_of_joining', 'relieving_date', 'Must not be before the date of joining')(d),
    ...notBefore('date_of_joining', 'retirement_date', 'Must not be before the date of joining')(d),
    ...notBefore('date_of_birth', 'date_of_joining', 'Must not be before the date of birth')(d),
  }),
});
