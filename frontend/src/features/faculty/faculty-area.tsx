import { COLLEAGUE_RECORDS_WITHHELD, OWNER_FIELD, entity, profile, researchPublication, isOneOf, textOf, may } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FACULTY_TABS } from '../../app/navigation';
import { profileAtom } from '../../app/state';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { AttachmentsButton } from '../../components/files/attachments-button';
import { useRefRecords } from '../../components/entity/ref-records';
import { MemberProfile, ProfilePage } from './profile-page';
import { PublicationImport } from './publication-import';

/** Admins see everyone's records: whose each one is comes first, and they may narrow to one member. */
const OWNER_COLUMN = [OWNER_FIELD];
const NONE: readonly string[] = [];

/**
 * `/faculty-contribution/*` (spec part 2 §2): the member's profile and the 13 kinds of record they keep. Faculty see
 * their own records (the server keeps it so); campus admins, and group admins reading a campus, see everyone's with a
 * Faculty member column and filter. A group admin has no profile in the campus, so its Profile tab asks for a member.
 *
 * `?faculty=<user id>` (View Faculty Contribution in Configuration > Users) reads that member, read-only, for every
 * role: the Profile tab shows their profile as the server lets the reader read it (a colleague: the directory fields,
 * decision 0004), and the record tabs their records for admins; a faculty member reading a colleague is told that
 * a colleague's records are for the campus's administrators, rather than being shown their own under the colleague's
 * name. The reader's own id (or none) opens their own editable profile.
 */
export default function FacultyArea() {
  const me = useAtomValue(profileAtom);
  const readsEveryone = may(me, 'read-every-member');
  // Reading a member's contribution (from Manage User): `?faculty=<user id>` follows from tab to tab.
  const [params] = useSearchParams();
  const member = params.get('faculty');
  const reading = member && member !== me?.id ? member : null;
  const name = useRefRecords(reading ? [{ target: profile, ids: [reading] }] : [])(profile, reading)?.name;
  return (
    <>
      {reading ? (
        <p className="hint reading-member" role="status">
          Reading the Faculty Contribution of <strong>{String(name ?? 'a member')}</strong>.{' '}
          <Link to="/utilities/manage_user">Back to all users</Link>
        </p>
      ) : null}
      <SideTabsArea
        base="/faculty-contribution"
        label="Faculty Contribution"
        keep={readsEveryone || reading ? OWNER_COLUMN : NONE}
        tabs={FACULTY_TABS.map((t) => ({
          label: t.label,
          path: t.path,
          element: t.entity ? (
            reading && !readsEveryone ? (
              <ColleagueRecords key={t.entity} title={t.label} />
            ) : (
              <RecordPage key={t.entity} entityName={t.entity} title={t.label} readsEveryone={readsEveryone} readOnly={Boolean(reading)} />
            )
          ) : reading ? (
            <MemberProfile key={reading} id={reading} />
          ) : may(me, 'oversee-group') ? (
            <p className="hint">
              Pick a member under <Link to="/utilities/manage_user">Manage User</Link> (View Faculty Contribution) to read their profile.
            </p>
          ) : (
            <ProfilePage />
          ),
        }))}
      />
    </>
  );
}

/**
 * A record tab while a faculty member reads a colleague: the server lists a faculty member's own records only
 * (whatever owner is asked for), so the tab says whose records these are for instead of listing the reader's own.
 */
function ColleagueRecords({ title }: { title: string }) {
  return (
    <section>
      <div className="page-head">
        <h2>{title}</h2>
      </div>
      <p className="hint">{COLLEAGUE_RECORDS_WITHHELD}</p>
    </section>
  );
}

/**
 * One record type's page (spec part 2 §2): the table of entries, a divider and the entry form below it; rows of a
 * record type that carries evidence show their files. Research publications also import from BibTeX or RIS into the
 * signed-in user's own (not while an admin reads a member's, read-only).
 */
function RecordPage(props: { entityName: string; title: string; readsEveryone: boolean; readOnly: boolean }) {
  const { entityName, title, readsEveryone, readOnly } = props;
  const def = entity(entityName);
  const columns = useMemo(() => [...OWNER_COLUMN, ...entity(entityName).columns], [entityName]);
  const hasFiles = def.fields.some((fd) => fd.kind === 'files');
  const role = useAtomValue(profileAtom)?.role;
  const mayImport = isOneOf(researchPublication.writeRoles, role);
  return (
    <EntityPage
      entityName={entityName}
      title={title}
      filters={readsEveryone ? OWNER_COLUMN : NONE}
      columns={readsEveryone ? columns : undefined}
      readOnly={readOnly}
      inlineForm
      rowActions={
        hasFiles
          ? (r) => <AttachmentsButton files={r.attachments} title={(textOf(r[def.display ?? 'name']) || def.label).slice(0, 60)} />
          : undefined
      }
      toolbar={entityName === researchPublication.name && !readOnly && mayImport ? <PublicationImport /> : null}
    />
  );
}
