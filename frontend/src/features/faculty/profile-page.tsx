import {
  type FieldDef,
  isWritable,
  listTable,
  personalView,
  profile,
  profileRoute,
  textOf,
  updateProfileRoute,
  may,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { profileAtom, showPopup } from '../../app/state';
import { EntityForm } from '../../components/entity/entity-form';
import { StoredPhoto } from '../../components/files/photo-field';
import { useRefRecords } from '../../components/entity/ref-records';
import { fieldText } from '../../lib/format/field-text';
import { useLocale } from '../../lib/format/locale';
import { DownloadCvButton } from './download-cv-button';

/**
 * `/faculty-contribution`: the signed-in member's own profile (spec part 2 §2 "Faculty Profile"), read from and
 * saved to `/api/auth/profile` with Update (the spec's version only logged the values), and Download CV.
 */
export function ProfilePage() {
  const key = qk.record(profile.path, 'me');
  const me = useQuery({ queryKey: key, queryFn: async () => (await call(profileRoute, {})).data }).data;
  const setProfile = useSetAtom(profileAtom);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => call(updateProfileRoute, { body: { ...values, version: me?.version } }),
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      setProfile(res.data);
      showPopup('success', 'Faculty Profile successfully updated');
    },
  });
  return (
    <section>
      <div className="page-head">
        <h2>Faculty Profile</h2>
        <span className="page-tools">
          <DownloadCvButton />
        </span>
      </div>
      {me ? (
        <EntityForm
          key={String(me.version ?? 0)}
          def={profile}
          record={me as never}
          submitLabel="Update"
          onSubmit={async (v) => void (await save.mutateAsync(v))}
        />
      ) : null}
    </section>
  );
}

/**
 * Another member's profile, read-only (from Manage User's View Faculty Contribution): the photo and every profile
 * field the member has filled that the reader may read, under the form's sections, in words and the campus's date
 * format; list fields as small tables; no edit control. Read from the campus's user list (`?ids=`), which the server
 * already narrows (`personalView`: a colleague or a group administrator gets the directory fields, a campus admin
 * every field); the same function is applied here as well, so a private field never shows to a colleague. Download
 * CV of the member and their photo for campus administrators only (the CV and file routes refuse them to others).
 */
export function MemberProfile({ id }: { id: string }) {
  const me = useAtomValue(profileAtom);
  const stored = useRefRecords([{ target: profile, ids: [id] }])(profile, id);
  const viewer = { sub: textOf(me?.id), campusAdmin: may(me, 'administer-campus') };
  const member = stored ? personalView(profile, stored, viewer) : undefined;
  const locale = useLocale();
  const filled = (fd: FieldDef) => {
    const v = member?.[fd.name];
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);
  };
  const shown = profile.fields.filter((fd) => (isWritable(fd) || fd.sumOf) && fd.kind !== 'ref' && fd.kind !== 'file' && filled(fd));
  const sections = [...new Set(shown.map((fd) => fd.section ?? ''))];
  return (
    <section>
      <div className="page-head">
        <h2>Faculty Profile</h2>
        {may(me, 'read-every-member') ? (
          <span className="page-tools">
            <DownloadCvButton faculty={id} />
          </span>
        ) : null}
      </div>
      {member ? (
        <>
          <div className="member-head">
            {/* The photo's link goes to the member and the campus's admins only (decision 0011): others are not offered it. */}
            {may(me, 'administer-campus') ? (
              <StoredPhoto photoKey={typeof member.image === 'string' ? member.image : null} alt={`Photo of ${member.name}`} />
            ) : null}
            <div>
              <strong>{member.name}</strong>
              <div className="hint">{member.email ?? ''}</div>
            </div>
          </div>
          {sections.map((section) => (
            <div key={section}>
              {section ? <h3 className="form-section">{section}</h3> : null}
              <dl className="record-card-fields profile-read">
                {shown
                  .filter((fd) => (fd.section ?? '') === section)
                  .map((fd) => (
                    <div key={fd.name} className={fd.kind === 'text' || fd.kind === 'list' ? 'wide' : undefined}>
                      <dt>{fd.label}</dt>
                      <dd>
                        {fd.kind === 'list' ? <ListTable field={fd} rows={member[fd.name]} /> : fieldText(fd, member[fd.name], locale)}
                      </dd>
                    </div>
                  ))}
              </dl>
            </div>
          ))}
        </>
      ) : (
        <p className="hint">Loading…</p>
      )}
    </section>
  );
}

/** The rows of a list field as a small read-only table (columns = the row fields any row fills; `listTable`). */
function ListTable({ field, rows }: { field: FieldDef; rows: unknown }) {
  const locale = useLocale();
  const t = listTable(field, rows, locale, fieldText);
  if (!t) return null;
  return (
    <div className="table-scroll">
      <table className="plain-table">
        <thead>
          <tr>
            {t.header.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {t.rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, j) => (
                <td key={t.header[j]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
