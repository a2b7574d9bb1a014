/** Top navigation (spec part 1 §2): label and route of each of the nine areas. */
export const NAV_ENTRIES = [
  { label: 'Dashboard', to: '/dashboard', icon: 'pi pi-home' },
  { label: 'Attainment', to: '/attainment', icon: 'pi pi-chart-line' },
  { label: 'Reports', to: '/reports', icon: 'pi pi-file' },
  { label: 'Configuration', to: '/configuration', icon: 'pi pi-cog' },
  { label: 'Survey', to: '/survey', icon: 'pi pi-comments' },
  { label: 'Faculty Contribution', to: '/faculty-contribution', icon: 'pi pi-user' },
  { label: 'Utilities', to: '/utilities', icon: 'pi pi-envelope' },
  { label: 'Assessments', to: '/assessments', icon: 'pi pi-pencil' },
  { label: 'Curriculum', to: '/curriculum', icon: 'pi pi-book' },
] as const;

/** Dashboard tiles (spec part 2 §2), four per row on wide screens. */
export const DASHBOARD_TILES = ['Dashboard', 'Attainment', 'Reports', 'Survey', 'Faculty Contribution', 'Assessments', 'Utilities', 'Curriculum'].map(
  (label) => NAV_ENTRIES.find((e) => e.label === label)!,
);

/**
 * Configuration side tabs (spec part 1 §2), in order. `entity` names the registry entity a generic table shows;
 * `organization` is the bespoke form; tabs with neither are not built yet and say so.
 */
export const CONFIGURATION_TABS: { label: string; path: string; entity?: string; organization?: true }[] = [
  { label: 'Organization', path: '', organization: true },
  { label: 'Department', path: 'department', entity: 'department' },
  { label: 'Program Type', path: 'program-type' },
  { label: 'Program Mode', path: 'program-mode' },
  { label: 'Program', path: 'program' },
  { label: 'Users', path: 'users' },
  { label: 'Program Outcome', path: 'program-outcome' },
  { label: 'Generic Program Outcomes', path: 'generic-program-outcomes', entity: 'generic-program-outcome' },
  { label: 'Course Type', path: 'course-type' },
  { label: 'Delivery Method', path: 'delivery-method' },
  { label: 'Lab Category', path: 'lab-category' },
  { label: "Bloom's Domain", path: 'blooms-domain', entity: 'bloom-domain' },
  { label: "Bloom's Level", path: 'blooms-level', entity: 'bloom-level' },
  { label: 'Map Level Weightage', path: 'map-level-weightage' },
];
