import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { ROLES } from '../identity/roles.js';

/**
 * User profile (spec part 1 §3 and §5): the signed-in user's own record, id = Cognito `sub`.
 * Read and changed through `GET|PATCH /api/auth/profile`; names are 2 to 50 characters.
 */
export const profile = defineEntity({
  name: 'profile',
  label: 'Profile',
  path: '/api/auth/profile',
  domain: 'auth',
  writeRoles: ['admin', 'faculty', 'group-admin'],
  fields: [
    f.enum('title', 'Title', ['Mr.', 'Mrs.', 'Ms.', 'Miss.', 'Prof.', 'Dr.']),
    f.string('first_name', 'First name', { required: true, min: 2, max: 50 }),
    f.string('last_name', 'Last name', { required: true, min: 2, max: 50 }),
    f.email('email', 'E-mail', { readOnly: true }),
    f.enum('role', 'Role', ROLES, { readOnly: true }),
    f.enum('blood_group', 'Blood group', ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-']),
    f.string('phone_number', 'Phone number', { max: 20 }),
    f.date('date_of_birth', 'Date of birth'),
    f.string('aadhar_number', 'Aadhaar number', { max: 14 }),
    f.text('present_address', 'Present address', { max: 1000 }),
    f.ref('department', 'Department', 'department'),
    f.string('website', 'Website', { max: 300 }),
    f.string('image', 'Photo (storage key)', { max: 300 }),
    f.text('other_detail', 'Other details', { max: 2000 }),
  ],
  columns: ['first_name', 'last_name', 'email', 'phone_number'],
  listPath: '/api/auth/user-list',
  display: 'name',
});
