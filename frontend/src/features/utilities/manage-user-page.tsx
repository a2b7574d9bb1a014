import { Link } from 'react-router-dom';

/**
 * `/utilities/manage_user/` (spec part 2 §2 Manage User): the campus keeps one user list, under Configuration > Users,
 * where each user has "View Faculty Contribution" (the member's profile and records) and administrators add users.
 * This page says so and links there, rather than showing a second copy of the list.
 */
export function ManageUserPage() {
  return (
    <section>
      <div className="page-head">
        <h2>Manage User</h2>
      </div>
      <p>The campus's users are listed in one place, with each member's Faculty Contribution and, for administrators, Add User.</p>
      <Link className="p-button" to="/configuration/users">
        Open the user list (Configuration &gt; Users)
      </Link>
    </section>
  );
}
