import type { ReactElement } from 'react';
import { CONFIGURATION_TABS } from '../../app/navigation';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { OrganizationForm } from './organization-form';
import { ProgramOutcomesPage } from './program-outcomes-page';
import { UsersPage } from './users-page';

const BESPOKE: Record<string, () => ReactElement> = {
  organization: () => <OrganizationForm />,
  users: () => <UsersPage />,
  'program-outcomes': () => <ProgramOutcomesPage />,
};

/** `/configuration/*`: the 14 side tabs of spec part 1 §2. */
export default function ConfigurationArea() {
  return (
    <SideTabsArea
      base="/configuration"
      label="Configuration"
      tabs={CONFIGURATION_TABS.map((t) => ({
        label: t.label,
        path: t.path,
        element: t.bespoke ? BESPOKE[t.bespoke]() : <EntityPage key={t.entity} entityName={t.entity as string} title={t.label} />,
      }))}
    />
  );
}
