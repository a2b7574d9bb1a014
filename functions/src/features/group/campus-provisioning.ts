import { type CampusScope, type Caller, type GroupCampus, type NewCampusBody, organization } from '@attain/shared-types';
import { ensureCampusUser } from '../identity/index.js';
import { inviteUser } from '../identity/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { createRecord } from '../../platform/store/records.js';
import { campusRegistration, getGroup, noteInvitation, registerCampus } from '../../platform/store/campus-registry.js';

/**
 * Makes a campus for a group administrator's group: its registration in the group, its organization
 * record, and its first administrator, who is mailed a link to set a password (Send Mail's path, so the receipt shows
 * in the new campus's sent mail). The new campus's own audit trail starts with its creation.
 * @param site the address people open Attain at (for the invitation link)
 * @returns the campus as the group's list shows it
 * @throws HttpError 403 when the caller's group does not exist; 409 when the id is taken (`fields.id`) or the e-mail
 *   already has an account (`fields.admin_email`)
 */
export async function createCampus(caller: Caller, body: NewCampusBody, site: string): Promise<GroupCampus> {
  const group = await getGroup(caller.tenant);
  if (!group) throw new HttpError(403, 'Your account belongs to no group of campuses');
  if ((await campusRegistration(body.id)) || (await getGroup(body.id)))
    throw new HttpError(409, `The campus id ${body.id} is already taken: choose another`, { id: 'Already taken' });
  const email = body.admin_email.toLowerCase();
  let sub: string;
  try {
    sub = await ensureCampusUser({
      tenant: body.id,
      email,
      role: 'admin',
      first_name: body.admin_first_name,
      last_name: body.admin_last_name,
      createdBy: caller.user,
      mustBeNew: true,
    });
  } catch (e) {
    if (e instanceof HttpError && e.status === 409) throw new HttpError(409, e.detail, { admin_email: 'Not available' });
    throw e;
  }
  const reg = await registerCampus({
    id: body.id,
    group: group.id,
    name: body.name,
    status: 'Active',
    admin_email: email,
    created_by: caller.user,
  });
  const scope: CampusScope = { campus: body.id, actor: caller.user, access: 'read-write' };
  await createRecord(scope, organization, { society_name: body.society_name || group.name, name: body.name });
  await appendAudit(scope, {
    action: 'create',
    entity: 'campus',
    record_id: body.id,
    record_label: body.name,
    changes: [
      { field: 'group', label: 'Group', new: group.name },
      { field: 'admin_email', label: 'First administrator', new: email },
    ],
  });
  const mail = await inviteUser(scope, { user: caller.user, sub: caller.sub }, { sub, email, first_name: body.admin_first_name }, site);
  await noteInvitation(body.id, mail);
  const { group: _g, ...listed } = reg;
  return { ...listed, invitation_mail: mail };
}
