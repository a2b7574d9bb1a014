import { NavLink, Route, Routes } from 'react-router-dom';
import { CONFIGURATION_TABS } from '../app/navigation';
import { EntityPage } from '../entity/entity-page';
import { OrganizationForm } from './organization-form';

/** `/configuration/*`: side tabs (3/12 of the width on wide screens) and the selected tab's screen. */
export default function ConfigurationArea() {
  return (
    <div className="side-layout">
      <nav className="side-tabs" aria-label="Configuration">
        {CONFIGURATION_TABS.map((t) => (
          <NavLink key={t.label} end to={`/configuration${t.path ? `/${t.path}` : ''}`} className={({ isActive }) => `side-tab${isActive ? ' active' : ''}`}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <div className="side-content">
        <Routes>
          {CONFIGURATION_TABS.map((t) => (
            <Route
              key={t.label}
              path={t.path || undefined}
              index={!t.path}
              element={
                t.organization ? (
                  <OrganizationForm />
                ) : t.entity ? (
                  <EntityPage key={t.entity} entityName={t.entity} title={t.label} />
                ) : (
                  <section>
                    <h2>{t.label}</h2>
                    <p className="not-built" role="note">
                      {t.label} is not built yet.
                    </p>
                  </section>
                )
              }
            />
          ))}
        </Routes>
      </div>
    </div>
  );
}
