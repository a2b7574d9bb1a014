import { Link } from 'react-router-dom';
import { DASHBOARD_TILES } from '../app/navigation';

/** `/dashboard`: eight tiles, four per row on wide screens (spec part 2 §2). */
export default function DashboardPage() {
  return (
    <section>
      <h2>Dashboard</h2>
      <div className="tiles">
        {DASHBOARD_TILES.map((t) => (
          <Link key={t.label} to={t.to} className="tile">
            <i className={t.icon} aria-hidden />
            <span>{t.label}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
