import {
  MAIL_ROLES,
  type MailRole,
  department,
  departmentUserListRoute,
  sentMail,
  fieldOf,
  isOneOf,
  isStringArray,
} from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { type EntityFormApi, FieldControl } from '../../components/entity/entity-form';
import { fetchByIds } from '../../components/entity/ref-records';
import { formatNumber, useLocale } from '../../lib/format/locale';
import { addToRecipients } from './add-recipients';
import { type RecipientsAdded, RecipientsNote } from './recipients-note';

const field = (name: string) => fieldOf(sentMail, name);
const DEPARTMENT = field('department');
const ROLE = field('role');

/** The users a Role choice means (docs/decisions/0019-send-mail.md): Administrators are `admin`s, Faculty `faculty`. */
const ROLE_OF: Readonly<Record<MailRole, string>> = { admin: 'admin', user: 'faculty' };
/** What they are called in the note. */
const CALLED: Readonly<Record<MailRole, [one: string, many: string]>> = {
  admin: ['administrator', 'administrators'],
  user: ['faculty', 'faculty'],
};

/** The users of a department (`GET /api/department/user-list?short_name=`), cached by `qk.recipients`. */
const departmentUsers = (short: string) => async () => (await call(departmentUserListRoute, { query: { short_name: short } })).data;

/**
 * Send Mail's Department and Role (spec part 2 §6): once both are chosen, the department's users of that role
 * (Administrators: its admins; Faculty: its faculty) are added to To, and a note says how many ("Added 12 faculty of
 * CSE") with each one's name and first designation under "Who". Choosing again adds more; nothing is taken out.
 * Both values are sent with the mail.
 */
export function DepartmentRecipients({ form, chosen }: { form: EntityFormApi; chosen: Readonly<Record<string, unknown>> }) {
  const locale = useLocale();
  const qc = useQueryClient();
  const [note, setNote] = useState<RecipientsAdded | null>(null);
  // Only the latest choice's answer is used (an earlier, slower one is dropped).
  const latest = useRef(0);
  const read = async (departmentId: unknown, role: unknown) => {
    const ask = ++latest.current;
    if (typeof departmentId !== 'string' || !departmentId || !isOneOf(MAIL_ROLES, role)) return setNote(null);
    const dep = (
      await qc.fetchQuery({ queryKey: qk.refs(department.name, [departmentId]), queryFn: () => fetchByIds(department, [departmentId]) })
    )[0];
    const short = String(dep?.short_name ?? '');
    if (!short) return;
    const users = await qc.fetchQuery({ queryKey: qk.recipients('department', short), queryFn: departmentUsers(short) });
    if (ask !== latest.current) return;
    const picked = users.filter((u) => u.role === ROLE_OF[role]);
    const { added, aside } = addToRecipients(
      form,
      picked.map((u) => u.email),
      locale,
    );
    const [one, many] = CALLED[role];
    setNote({
      text: picked.length
        ? `Added ${formatNumber(added, locale)} ${added === 1 ? one : many} of ${short}${aside}`
        : `${short} has no ${many} to add`,
      people: picked.map((u) => ({
        key: u.id,
        name: u.name || u.email || u.id,
        detail: isStringArray(u.designation) ? u.designation[0] : undefined,
        email: u.email,
      })),
    });
  };
  /** `read`, its failure already told in the popup by `api` (nothing is added then). */
  const fill = (departmentId: unknown, role: unknown) =>
    read(departmentId, role).catch((e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
    });
  return (
    <fieldset className="mail-recipients">
      <legend>Add a department&apos;s users</legend>
      <div className="form-grid">
        <FieldControl fd={DEPARTMENT} form={form} def={sentMail} chosen={chosen} onChanged={(v) => void fill(v, form.getValues('role'))} />
        <FieldControl fd={ROLE} form={form} def={sentMail} chosen={chosen} onChanged={(v) => void fill(form.getValues('department'), v)} />
      </div>
      {note ? (
        <RecipientsNote note={note} />
      ) : (
        <p className="hint">Choose a department and whom to write to: their addresses are added to To.</p>
      )}
    </fieldset>
  );
}
