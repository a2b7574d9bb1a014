import type { ReactNode } from 'react';
import { NavLink, Route, Routes, useSearchParams } from 'react-router-dom';

/** One side tab: its path under the area ('' = the area's index) and its screen. */
export interface SideTab {
  label: string;
  path: string;
  element: ReactNode;
}

/**
 * An area with side tabs (3/12 of the width on wide screens, a scrolling row on phones) and the chosen tab's screen;
 * the `keep` query parameters follow from tab to tab.
 */
export function SideTabsArea({
  base,
  label,
  tabs,
  keep = [],
}: {
  base: string;
  label: string;
  tabs: readonly SideTab[];
  /** Query parameters every tab keeps (e.g. `faculty`: whose Faculty Contribution is being read). */
  keep?: readonly string[];
}) {
  const [params] = useSearchParams();
  const kept = new URLSearchParams(keep.filter((k) => params.get(k)).map((k) => [k, params.get(k) as string])).toString();
  return (
    <div className="side-layout">
      <nav className="side-tabs" aria-label={label}>
        {tabs.map((t) => (
          <NavLink
            key={t.label}
            end
            to={`${base}${t.path ? `/${t.path}` : ''}${kept ? `?${kept}` : ''}`}
            className={({ isActive }) => `side-tab${isActive ? ' active' : ''}`}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="side-content">
        <Routes>
          {tabs.map((t) => (
            <Route key={t.label} path={t.path || undefined} index={!t.path} element={t.element} />
          ))}
        </Routes>
      </div>
    </div>
  );
}
