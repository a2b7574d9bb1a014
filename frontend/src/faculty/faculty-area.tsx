import { OWNER_FIELD, entity } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { FACULTY_TABS } from '../app/navigation';
import { profileAtom } from '../app/state';
import { SideTabsArea } from '../areas/side-tabs-area';
import { EntityPage } from '../entity/entity-page';
import { ProfilePage } from './profile-page';

/** Admins see everyone's records: whose each one is comes first, and they may narrow to one member. */
const OWNER_COLUMN = [OWNER_FIELD];
const NONE: readonly string[] = [];

/**
 * `/faculty-contribution/*` (spec part 2 §2): the member's profile and the 13 kinds of record they keep. Faculty see
 * their own records (the server keeps it so); campus admins see everyone's with a Faculty member column and filter.
 */
export default function FacultyArea() {
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  return (
    <SideTabsArea
      base="/faculty-contribution"
      label="Faculty Contribution"
      tabs={FACULTY_TABS.map((t) => ({
        label: t.label,
        path: t.path,
        element: t.entity ? <RecordPage key={t.entity} entityName={t.entity} title={t.label} isAdmin={isAdmin} /> : <ProfilePage />,
      }))}
    />
  );
}

/** One record type's page: the generic list and full-screen form of its registry entity. */
function RecordPage({ entityName, title, isAdmin }: { entityName: string; title: string; isAdmin: boolean }) {
  const columns = useMemo(() => [...OWNER_COLUMN, ...entity(entityName).columns], [entityName]);
  return (
    <EntityPage entityName={entityName} title={title} filters={isAdmin ? OWNER_COLUMN : NONE} columns={isAdmin ? columns : undefined} />
  );
}
