import { DASHBOARD_TILES, type DashboardFigure, organization, may } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { campusAtom } from '../../app/campus-choice';
import { NAV_ENTRIES } from '../../app/navigation';
import { profileAtom } from '../../app/state';
import { useDashboard } from './api';

const iconOf = (path: string): string => NAV_ENTRIES.find((e) => e.to === path)?.icon ?? 'pi pi-circle';

/** A tile's live figures, each a link to the page listing what it counts. */
function Figures({ figures }: { figures: readonly DashboardFigure[] }) {
  if (!figures.length) return null;
  return (
    <ul className="tile-figures">
      {figures.map((f) => (
        <li key={f.label}>
          <Link to={f.href} className="tile-figure">
            <span className="figure-value">{f.text}</span>
            <span className="figure-label">{f.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/dashboard`: the spec's eight tiles (part 2 §2), four per row on wide screens (two on tablets, one on phones), each
 * linking to its area and showing its live figures (`GET /api/dashboard`), each figure a link to its page. The heading
 * says whose figures they are: the campus's, or (a group administrator with no campus chosen) the whole group's.
 * While the figures load, or if they cannot be read, the tiles' links still work.
 */
export default function DashboardPage() {
  const profile = useAtomValue(profileAtom);
  const campus = useAtomValue(campusAtom);
  const read = useDashboard();
  const view = read.data;
  const groupWide = may(profile, 'oversee-group') && !campus;
  const whose = groupWide
    ? `All campuses of ${profile?.group?.name ?? profile?.organization_name ?? 'the group'}`
    : profile?.organization_name || 'This campus';
  return (
    <section>
      <div className="page-head">
        <h2>Dashboard</h2>
      </div>
      <p className="dashboard-scope">
        <strong>{whose}</strong>
        {view ? <span className="hint year-choice">{`Academic year ${view.year_choice.text}`}</span> : null}
        {view && !groupWide && organization.writeRoles.some((r) => r === profile?.role) ? (
          // The campus's current academic year is an administrator's deliberate, audited choice (Configuration > Organization).
          <Link className="hint" to="/configuration" aria-label="Change the current academic year (Configuration, Organization)">
            Change
          </Link>
        ) : null}
      </p>
      {read.isPending ? (
        <p className="hint" role="status">
          Loading figures...
        </p>
      ) : null}
      {view?.updating ? (
        <p className="hint updating" role="status">
          Updating: some figures are being brought up to date after a change; those shown are the previous ones until then.
        </p>
      ) : null}
      {read.isError ? (
        <p className="field-error" role="alert">
          The figures could not be read; the tiles below still open their pages.
        </p>
      ) : null}
      <ul className="tiles" aria-label="Dashboard tiles">
        {DASHBOARD_TILES.map((t) => (
          <li key={t.key} className="tile">
            <Link to={t.path} className="tile-head">
              <i className={iconOf(t.path)} aria-hidden />
              <span>{t.label}</span>
            </Link>
            <Figures figures={view?.tiles[t.key] ?? []} />
          </li>
        ))}
      </ul>
    </section>
  );
}
