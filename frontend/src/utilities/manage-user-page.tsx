import { type CampusUser, department, profile } from '@attain/shared-types';
import { Link } from 'react-router-dom';
import { hrefWith } from '../app/navigation';
import { useListQuery } from '../entity/list-cache';
import { LoadMore } from '../entity/load-more';
import { useRefRecords } from '../entity/ref-records';
import { ResponsiveTable } from '../table/responsive-table';

/**
 * `/utilities/manage_user/` (spec part 2 §2): every user of the campus, each with "View Faculty Contribution", which
 * opens that member's profile and records (`/faculty-contribution?faculty=<user id>`).
 */
export function ManageUserPage() {
  const list = useListQuery(profile, {});
  const users = list.isPending ? null : (list.rows as CampusUser[]);
  const departments = useRefRecords([{ target: department, ids: (users ?? []).map((u) => u.department) }]);
  return (
    <section>
      <div className="page-head">
        <h2>All Users</h2>
      </div>
      <ResponsiveTable<CampusUser>
        label="All users"
        rows={users ?? []}
        rowKey={(u) => u.id}
        empty={<p className="hint">{users === null ? 'Loading…' : 'No users yet'}</p>}
        columns={[
          { key: 'name', header: 'Name', value: (u) => String(u.name ?? '') },
          { key: 'email', header: 'E-mail', value: (u) => u.email, wide: true },
          { key: 'department', header: 'Department', value: (u) => String(departments(department, u.department)?.short_name ?? '') },
          { key: 'phone_number', header: 'Phone', value: (u) => String(u.phone_number ?? '') },
        ]}
        actions={(u) => (
          <Link className="p-button p-button-text p-button-sm" to={hrefWith('/faculty-contribution', { faculty: u.id })}>
            View Faculty Contribution
          </Link>
        )}
      />
      <LoadMore list={list} />
    </section>
  );
}
