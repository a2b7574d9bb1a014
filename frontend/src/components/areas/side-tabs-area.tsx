import type { ReactNode } from 'react';
import { NavLink, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { presentParams } from '../../app/search-params';

/** One side tab: its path under the area ('' = the area's index) and its screen. */
export interface SideTab {
  label: string;
  path: string;
  element: ReactNode;
}

/**
 * An area with side tabs (3/12 of the width on wide screens; on phones the menu is hidden and a picker of the same
 * entries takes its place, spec part 2 §2) and the chosen tab's screen; the `keep` query parameters follow from tab
 * to tab.
 */
export function SideTabsArea({
  base,
  label,
  tabs,
  keep = [],
  withheld = [],
}: {
  base: string;
  label: string;
  tabs: readonly SideTab[];
  /** Query parameters every tab keeps (e.g. `faculty`: whose Faculty Contribution is being read). */
  keep?: readonly string[];
  /** Tabs of the area this person may not open (administrators' tabs): their address says so, with who may. */
  withheld?: readonly { label: string; path: string; who: string }[];
}) {
  const [params] = useSearchParams();
  const kept = new URLSearchParams(presentParams(params, keep)).toString();
  const to = (t: SideTab) => `${base}${t.path ? `/${t.path}` : ''}${kept ? `?${kept}` : ''}`;
  const here = useLocation().pathname.replace(/\/+$/, '');
  const current = tabs.find((t) => `${base}${t.path ? `/${t.path}` : ''}` === here) ?? tabs[0];
  const navigate = useNavigate();
  return (
    <div className="side-layout">
      <label className="side-picker">
        <span>{label}</span>
        <select value={current?.label} onChange={(e) => navigate(to(tabs.find((t) => t.label === e.target.value) ?? tabs[0]))}>
          {tabs.map((t) => (
            <option key={t.label} value={t.label}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <nav className="side-tabs" aria-label={label}>
        {tabs.map((t) => (
          <NavLink key={t.label} end to={to(t)} className={({ isActive }) => `side-tab${isActive ? ' active' : ''}`}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="side-content">
        <Routes>
          {tabs.map((t) => (
            <Route key={t.label} path={t.path || undefined} index={!t.path} element={t.element} />
          ))}
          {withheld.map((t) => (
            <Route
              key={t.label}
              path={t.path}
              element={
                <Refusal title={`${t.label} is not open to you`} text={`${t.label} is for ${t.who}; ask one of them if you need it.`} />
              }
            />
          ))}
          <Route
            path="*"
            element={<Refusal title="No such page" text={`${label} has no page at this address; pick one of its pages from the list.`} />}
          />
        </Routes>
      </div>
    </div>
  );
}

/** What an area shows at a tab address this person may not open, or that names no tab: why, and where to go. */
function Refusal({ title, text }: { title: string; text: string }) {
  return (
    <div className="refusal" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );
}
