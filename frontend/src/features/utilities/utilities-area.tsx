import { useAtomValue } from 'jotai';
import { type ReactNode, Suspense, lazy } from 'react';
import { UTILITIES_TABS, tabsFor } from '../../app/navigation';
import { profileAtom } from '../../app/state';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { ApiKeysPage } from './api-keys-page';
import { AuditTrailPage } from './audit-trail-page';
import { CollegeSignInPage } from './college-sign-in-page';
import { ManageUserPage } from './manage-user-page';
import { SendMailPage } from './send-mail-page';
import { SuppressionListPage } from './suppression-list-page';

/** The API reference draws with Swagger UI, a large library: loaded only when the tab opens. */
const ApiReferencePage = lazy(() => import('./api-reference-page'));

/** The screen of each Utilities tab, by its path. */
const SCREENS: Readonly<Record<string, ReactNode>> = {
  '': <SendMailPage />,
  manage_user: <ManageUserPage />,
  'suppression-list': <SuppressionListPage />,
  'audit-trail': <AuditTrailPage />,
  'college-sign-in': <CollegeSignInPage />,
  'api-keys': <ApiKeysPage />,
  'api-reference': (
    <Suspense fallback={<p className="hint">Loading the API reference...</p>}>
      <ApiReferencePage />
    </Suspense>
  ),
};

/**
 * `/utilities/*` (spec part 2 §2): Send Mail with the sent mail and their receipts, Manage User, and (administrators)
 * the campus's mail suppression list, audit trail, sign-in with the college's own accounts, API keys for machine clients
 * and the API reference.
 */
export default function UtilitiesArea() {
  const role = useAtomValue(profileAtom)?.role;
  return (
    <SideTabsArea
      base="/utilities"
      label="Utilities"
      tabs={tabsFor(UTILITIES_TABS, role).map((t) => ({ ...t, element: SCREENS[t.path] }))}
      withheld={UTILITIES_TABS.filter((t) => !tabsFor([t], role).length).map((t) => ({ ...t, who: 'campus administrators' }))}
    />
  );
}
