/** The `identity` feature as other features see it: everything they may import from it. */

export { ensureCampusUser } from './campus-users.js';
export { inviteUser } from './invitations.js';
export { linkStudentAccount, newAnswerKey, studentAccountKey, studentLoginKey, studentLoginsPk } from './student-link-store.js';
export { type StoredInvitation, invitationItem } from './invitation-store.js';
export { type AccountHolder, changeMemberAccess } from './user-access.js';
