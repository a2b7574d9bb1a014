/** The `students` feature as other features see it: everything they may import from it. */

export { studentOfAccount } from './student-account-store.js';
