import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Sidebar } from 'primereact/sidebar';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { logout } from './auth';
import { campusAtom, setCampus } from './campus-choice';
import { areaTabsFor, holdsAnother, homeFor, navEntriesFor, pageOf, tabRoute, tabsFor, withCourseContext } from './navigation';
import { useDocumentTitle } from '../lib/document-title';
import { profileAtom, useMay } from './state';
import { CampusPicker } from '../features/group/campus-picker';
import { useChooseCampus } from '../features/group/choose-campus';
import { LoadingOverlay, PopupMessage } from '../components/shell/feedback';
import { askBeforeLeaving } from '../components/form/unsaved-changes';

const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/** The top navigation of wide screens: the nine areas (spec part 1 §2), and Group for a group administrator. */
function TopLinks() {
  const role = useAtomValue(profileAtom)?.role;
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return (
    <>
      {navEntriesFor(role).map((e) => (
        <NavLink key={e.to} to={withCourseContext(e.to, pathname, params)} end={holdsAnother(e.to, role)} className={linkClass}>
          <i className={e.icon} aria-hidden /> {e.label}
        </NavLink>
      ))}
    </>
  );
}

/**
 * The drawer of narrow screens (spec part 1 §2): the same nine areas; an area with side tabs has an expandable
 * submenu listing them, each linking to the tab its label names. The current area's submenu starts open.
 */
function DrawerLinks({ onPick }: { onPick: () => void }) {
  const { pathname } = useLocation();
  const role = useAtomValue(profileAtom)?.role;
  const entries = navEntriesFor(role);
  const [open, setOpen] = useState<string | null>(
    () => entries.find((e) => pathname.startsWith(e.to) && areaTabsFor(e.to, role))?.to ?? null,
  );
  return (
    <ul className="drawer-menu">
      {entries.map((e) => {
        const tabs = areaTabsFor(e.to, role);
        const expanded = open === e.to;
        const menuId = `drawer-sub-${e.to.slice(1)}`;
        return (
          <li key={e.to}>
            <div className="drawer-entry">
              <NavLink to={e.to} end={holdsAnother(e.to, role)} onClick={onPick} className={linkClass}>
                <i className={e.icon} aria-hidden /> {e.label}
              </NavLink>
              {tabs ? (
                <Button
                  type="button"
                  icon={expanded ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
                  text
                  rounded
                  aria-expanded={expanded}
                  aria-controls={menuId}
                  aria-label={`${expanded ? 'Hide' : 'Show'} ${e.label} pages`}
                  onClick={() => setOpen(expanded ? null : e.to)}
                />
              ) : null}
            </div>
            {tabs && expanded ? (
              <ul id={menuId} className="drawer-submenu" aria-label={`${e.label} pages`}>
                {tabsFor(tabs, role).map((t) => (
                  <li key={t.label}>
                    <NavLink to={tabRoute(e.to, t.path)} end onClick={onPick} className={linkClass}>
                      {t.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A group administrator's campus named by a link (`?campus=<id>`, the roll-up's drill-down): chosen on arrival, then
 * taken out of the address (so the banner's picker can change it again). While it is being chosen the page waits
 * (`true`), so nothing is read for the campus chosen before.
 */
function useCampusFromLink(oversees: boolean): boolean {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const campus = useAtomValue(campusAtom);
  const choose = useChooseCampus();
  const wanted = oversees ? new URLSearchParams(search).get('campus') : null;
  useEffect(() => {
    if (!wanted) return;
    const rest = new URLSearchParams(search);
    rest.delete('campus');
    const leave = () => navigate({ pathname, search: rest.toString(), hash }, { replace: true });
    if (wanted === campus) leave();
    else void choose(wanted).then(leave);
  }, [wanted, campus, choose, navigate, pathname, search, hash]);
  return Boolean(wanted && wanted !== campus);
}

/** Pages of the Group area and the dashboard answer for the whole group; every other page reads one campus. */
const readsOneCampus = (pathname: string): boolean => !pathname.startsWith('/group') && !pathname.startsWith('/dashboard');

/**
 * The signed-in frame: a skip link to the page, banner (institution and department names, a group administrator's
 * campus picker, Logout), top navigation (a left drawer with submenus on narrow screens), the page under its `h1` and
 * `<title>` (`pageOf`), a footer with the copyright line, the loading overlay, the popup and the one confirm dialog
 * every page's questions use.
 */
export function AppShell() {
  const [profile, setProfile] = useAtom(profileAtom);
  const [drawer, setDrawer] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const oversees = useMay('oversee-group');
  const campus = useAtomValue(campusAtom);
  const choosing = useCampusFromLink(oversees);
  const page = pageOf(pathname, profile?.role);
  useDocumentTitle(...(page ? [page.page, page.area] : []));
  // An address of another kind of user's pages (a student's at /dashboard, staff at /me) goes to the user's own home.
  const home = homeFor(profile?.role);
  const elsewhere = Boolean(profile) && !page;
  const signOut = async () => {
    // Unsaved work on the page is saved or given up knowingly first (Save / Discard / Stay).
    if (!(await askBeforeLeaving())) return;
    await logout();
    setProfile(null);
    setCampus(null);
    // Cached reads belong to this user's campus: forget them.
    queryClient.clear();
    navigate('/', { replace: true });
  };
  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="banner">
        <Button icon="pi pi-bars" text rounded className="drawer-toggle" aria-label="Open menu" onClick={() => setDrawer(true)} />
        <div className="banner-names">
          <strong className="institution">{profile?.organization_name || 'Attain'}</strong>
          {profile?.department_name ? <span className="department">{profile.department_name}</span> : null}
        </div>
        {oversees ? <CampusPicker /> : null}
        <span className="who">{profile?.email}</span>
        <Button label="Logout" icon="pi pi-sign-out" severity="secondary" outlined size="small" onClick={signOut} />
      </header>
      <nav className="top-nav" aria-label="Main">
        <TopLinks />
      </nav>
      <Sidebar visible={drawer} onHide={() => setDrawer(false)} position="left" header="Attain" className="drawer">
        <nav className="drawer-nav" aria-label="Main menu">
          <DrawerLinks onPick={() => setDrawer(false)} />
        </nav>
      </Sidebar>
      <main className="content" id="main-content" tabIndex={-1}>
        {/* The page's one h1, for screen readers and the outline: the side tab (or area) the address opens. */}
        <h1 className="visually-hidden">{page?.page ?? 'Attain'}</h1>
        {oversees && !campus && readsOneCampus(pathname) ? (
          <p className="campus-notice" role="status">
            <i className="pi pi-info-circle" aria-hidden /> Pick a campus to read its records
          </p>
        ) : null}
        {/* Keyed by the campus: choosing another one starts every page afresh, with nothing of the previous campus. */}
        <Suspense key={campus ?? ''} fallback={<p className="muted">Loading…</p>}>
          {choosing ? null : elsewhere ? <Navigate to={home} replace /> : <Outlet />}
        </Suspense>
      </main>
      <footer className="footer">© {new Date().getFullYear()} Attain. All rights reserved.</footer>
      <ConfirmDialog />
      <LoadingOverlay />
      <PopupMessage />
    </div>
  );
}
