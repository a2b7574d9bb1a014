import { department } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_TABS, DASHBOARD_TILES, NAV_ENTRIES } from '../src/app/navigation';
import { initialValues } from '../src/components/entity/entity-form';

describe('navigation (spec part 1 §2, part 2 §2)', () => {
  it('has the nine top entries with their routes, in the order of the work', () => {
    expect(NAV_ENTRIES.map((e) => `${e.label} ${e.to}`)).toEqual([
      'Dashboard /dashboard',
      'Configuration /configuration',
      'Curriculum /curriculum',
      'Assessments /assessments',
      'Attainment /attainment',
      'Survey /survey',
      'Reports /reports',
      'Faculty Contribution /faculty-contribution',
      'Utilities /utilities',
    ]);
  });
  it('has eight dashboard tiles, each linking to its area', () => {
    expect(DASHBOARD_TILES.map((t) => t.label)).toEqual([
      'Dashboard',
      'Attainment',
      'Reports',
      'Survey',
      'Faculty Contribution',
      'Assessments',
      'Utilities',
      'Curriculum',
    ]);
    for (const t of DASHBOARD_TILES) expect(t.to).toBe(`/${t.label.toLowerCase().replace(' ', '-')}`);
  });
  it('lists the 14 configuration tabs at the spec routes', () => {
    expect(CONFIGURATION_TABS).toHaveLength(14);
    expect(CONFIGURATION_TABS.map((t) => t.path)).toEqual([
      '',
      'department',
      'program-type',
      'program-mode',
      'program',
      'users',
      'program-outcome',
      'generic-program-outcomes',
      'course-type',
      'delivery-method',
      'lab-category',
      'blooms-domain',
      'blooms-level',
      'map-level-weightage',
    ]);
  });
});

describe('the generic form', () => {
  it('starts a new department as active, with empty inputs', () => {
    expect(initialValues(department)).toMatchObject({ name: '', short_name: '', status: true, year_of_establishment: null });
  });
  it('starts an edit from the record, keeping false booleans', () => {
    expect(initialValues(department, { id: 'd', version: 2, name: 'Civil', short_name: 'CE', status: false } as never)).toMatchObject({
      name: 'Civil',
      status: false,
    });
  });
});
