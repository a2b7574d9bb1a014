import { Link } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { CampusUsersTable } from '../../components/entity/campus-users-table';

/**
 * `/utilities/manage_user/` (spec part 2 §2): every user of the campus, each with "View Faculty Contribution", which
 * opens that member's profile and records (`/faculty-contribution?faculty=<user id>`).
 */
export function ManageUserPage() {
  return (
    <section>
      <div className="page-head">
        <h2>All Users</h2>
      </div>
      <CampusUsersTable
        label="All users"
        actions={(u) => (
          <Link className="p-button p-button-text p-button-sm" to={hrefWith('/faculty-contribution', { faculty: u.id })}>
            View Faculty Contribution
          </Link>
        )}
      />
    </section>
  );
}
