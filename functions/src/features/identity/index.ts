/** The `identity` feature as other features see it: everything they may import from it. */

export { ensureCampusUser } from './campus-users.js';
export { inviteUser } from './invitations.js';
