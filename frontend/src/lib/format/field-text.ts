// What people see for a field's value is one pure function shared with the server's documents (the faculty CV).
export { fieldText } from '@attain/shared-types';
