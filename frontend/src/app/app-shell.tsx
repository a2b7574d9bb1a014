import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { logout } from './auth';
import { NAV_ENTRIES } from './navigation';
import { profileAtom } from './state';
import { LoadingOverlay, PopupMessage } from '../shell/feedback';

function NavLinks({ onPick }: { onPick?: () => void }) {
  return (
    <>
      {NAV_ENTRIES.map((e) => (
        <NavLink key={e.to} to={e.to} onClick={onPick} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
          <i className={e.icon} aria-hidden /> {e.label}
        </NavLink>
      ))}
    </>
  );
}

/**
 * The signed-in frame: banner (institution and department names, Logout), top navigation (a left drawer on
 * narrow screens), the page, and a footer with the copyright line.
 */
export function AppShell() {
  const [profile, setProfile] = useAtom(profileAtom);
  const [drawer, setDrawer] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    await logout();
    setProfile(null);
    // Cached reads belong to this user's campus: forget them.
    queryClient.clear();
    navigate('/', { replace: true });
  };
  return (
    <div className="shell">
      <header className="banner">
        <Button icon="pi pi-bars" text rounded className="drawer-toggle" aria-label="Open menu" onClick={() => setDrawer(true)} />
        <div className="banner-names">
          <strong className="institution">{profile?.organization_name || 'Attain'}</strong>
          {profile?.department_name ? <span className="department">{profile.department_name}</span> : null}
        </div>
        <span className="who">{profile?.email}</span>
        <Button label="Logout" icon="pi pi-sign-out" severity="secondary" outlined size="small" onClick={signOut} />
      </header>
      <nav className="top-nav" aria-label="Main">
        <NavLinks />
      </nav>
      <Sidebar visible={drawer} onHide={() => setDrawer(false)} position="left" header="Attain" className="drawer">
        <nav className="drawer-nav" aria-label="Main menu">
          <NavLinks onPick={() => setDrawer(false)} />
        </nav>
      </Sidebar>
      <main className="content">
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="footer">© {new Date().getFullYear()} Attain. All rights reserved.</footer>
      <LoadingOverlay />
      <PopupMessage />
    </div>
  );
}
