import { UTILITIES_TABS } from '../app/navigation';
import { SideTabsArea } from '../areas/side-tabs-area';
import { ManageUserPage } from './manage-user-page';

/** `/utilities/*` (spec part 2 §2): Send Mail (built with the mail issue) and Manage User. */
export default function UtilitiesArea() {
  return (
    <SideTabsArea
      base="/utilities"
      label="Utilities"
      tabs={UTILITIES_TABS.map((t) => ({
        ...t,
        element: t.path ? (
          <ManageUserPage />
        ) : (
          <section>
            <h2>Send Mail</h2>
            <p className="not-built" role="note">
              Sending mail and its delivery receipts are not built yet. Manage User lists the campus&apos;s users.
            </p>
          </section>
        ),
      }))}
    />
  );
}
