import type { ReactNode } from 'react';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { GROUP_TABS } from '../../app/navigation';
import { CampusesPage } from './campuses-page';
import { RollupPage } from './rollup-page';

const SCREENS: Readonly<Record<string, ReactNode>> = { campuses: <CampusesPage />, rollup: <RollupPage /> };

/** `/group/*`: a group administrator's campuses and the roll-up across them. */
export default function GroupArea() {
  return <SideTabsArea base="/group" label="Group" tabs={GROUP_TABS.map((t) => ({ ...t, element: SCREENS[t.path] }))} />;
}
