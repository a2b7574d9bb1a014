import { type CampusScope, student } from '@attain/shared-types';
import { ensureCampusUser } from '../../features/identity/campus-users.js';
import { linkStudentAccount } from '../../features/identity/index.js';
import { listAll } from '../../platform/store/list-all.js';
import { patchRecord } from '../../platform/store/records.js';

/** The domain of the sample students' sign-in addresses (`25csa001@students.attain.example`). */
export const SAMPLE_STUDENT_DOMAIN = 'students.attain.example';

/**
 * SAMPLE DATA: gives every sample student of the demo campus's rosters (the 120 of sections A, B and C) an account, once:
 * the roster entry's e-mail becomes `<roll number>@students.attain.example`, a Cognito user in the `student` group with
 * `password`, linked to the roster entry (`linkStudentAccount`). A student already linked keeps their account.
 * @returns the sign-in addresses, by roll number
 */
export async function seedDemoStudents(scope: CampusScope, password: string): Promise<readonly string[]> {
  const roster = (await listAll(scope, student, {})).sort((a, b) => a.roll_no.localeCompare(b.roll_no, undefined, { numeric: true }));
  const emails: string[] = [];
  for (const s of roster) {
    const email = s.email || `${s.roll_no.toLowerCase()}@${SAMPLE_STUDENT_DOMAIN}`;
    const [first_name, ...rest] = s.name.split(' ');
    const sub = await ensureCampusUser({
      tenant: scope.campus,
      email,
      password,
      role: 'student',
      first_name: first_name ?? s.name,
      last_name: rest.join(' '),
      createdBy: scope.actor,
    });
    if (!s.email) await patchRecord(scope, student, s.id, { email }, s.version);
    await linkStudentAccount(scope.campus, sub, s.id, email);
    emails.push(email);
  }
  return emails;
}
