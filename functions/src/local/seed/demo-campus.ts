import { type CampusScope, bloomDomain, bloomLevel, department, genericProgramOutcome, organization } from '@attain/shared-types';
import blooms from './data/blooms-levels.json' with { type: 'json' };
import nba from './data/nba-program-outcomes.json' with { type: 'json' };
import { createRecord, findRecord } from '../../platform/store/records.js';

/** The demo campus's id (tenant) and its administrator's e-mail. */
export const DEMO_TENANT = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@attain.example';

/** The demo group: the society owning the demo campuses, and its administrator's e-mail. */
export const DEMO_GROUP = { id: 'demo-group', name: 'Attain Demo Education Society' } as const;
export const DEMO_GROUP_ADMIN_EMAIL = 'group@attain.example';

/**
 * A demo campus: its id, name and administrator, and how much sample data it gets (`full`: both curricula and three
 * years of sample marks; otherwise only the published-sample courses and one year, a smaller campus).
 */
export interface DemoCampus {
  tenant: string;
  name: string;
  adminEmail: string;
  full: boolean;
}

/** The demo group's campuses: the demo campus and a second, smaller one. */
export const DEMO_CAMPUSES: readonly DemoCampus[] = [
  { tenant: DEMO_TENANT, name: 'Attain Demo College of Engineering', adminEmail: DEMO_ADMIN_EMAIL, full: true },
  { tenant: 'demo-east', name: 'Attain Demo Institute of Technology, East Campus', adminEmail: 'admin@east.attain.example', full: false },
];

/** The demo campuses' current academic year (CAY): the year of their newest sample marks, set as an admin would. */
export const DEMO_CURRENT_YEAR = '2025-26';

/**
 * Seeds the demo campus once: its organization (a fictional college, marked as demo data), the Computer Science
 * and Engineering department, the three Bloom domains with their levels (Anderson & Krathwohl 2001; Krathwohl
 * 1964; Dave 1970: see data/SOURCES.md) and NBA's 12 program outcomes (data/SOURCES.md, PO12-A).
 * Does nothing when the organization already exists, so restarts keep every edit.
 * @returns true when it seeded, false when the campus was already there.
 */
export async function seedDemoCampus(adminEmail = DEMO_ADMIN_EMAIL, campus: DemoCampus = DEMO_CAMPUSES[0]): Promise<boolean> {
  const scope: CampusScope = { campus: campus.tenant, actor: adminEmail, access: 'read-write' };
  if (await findRecord(scope, organization, campus.tenant)) return false;

  await createRecord(scope, organization, {
    society_name: DEMO_GROUP.name,
    name: campus.name,
    description:
      '<p>A <strong>demonstration campus</strong> of Attain. Its curriculum, outcomes and matrices come from published ' +
      'sources listed in the product documentation.</p>',
    mission: 'Demo data: to educate engineers who apply their knowledge responsibly for society.',
    vision: 'Demo data: to be a centre of excellence in engineering education and research.',
    // The year of the newest sample marks (section A, demo-attainment.ts) is the demo's current academic year.
    current_academic_year: DEMO_CURRENT_YEAR,
  });
  await createRecord(scope, department, {
    name: 'Computer Science and Engineering',
    short_name: 'CSE',
    year_of_establishment: 2001,
    status: true,
  });

  const domains = [
    { name: 'Cognitive', acronym: 'COG', description: 'Revised Bloom taxonomy (Anderson & Krathwohl, 2001)' },
    { name: 'Affective', acronym: 'AFF', description: blooms.affective.taxonomy },
    { name: 'Psychomotor', acronym: 'PSY', description: blooms.psychomotor.taxonomy },
  ];
  const domainIds: Record<string, string> = {};
  for (const d of domains) domainIds[d.name] = (await createRecord(scope, bloomDomain, d)).id;

  for (const l of blooms.cognitive.levels) {
    await createRecord(scope, bloomLevel, {
      name: l.name,
      level_of_learning: l.k_code,
      characteristics_of_learning: l.characteristic,
      action_verb: [...new Set([...l.action_verbs, ...(l.action_verbs_alt ?? [])])].join(', '),
      domain: domainIds.Cognitive,
    });
  }
  for (const [domain, data] of [
    ['Affective', blooms.affective],
    ['Psychomotor', blooms.psychomotor],
  ] as const) {
    for (const l of data.levels as { level: number; name: string; definition?: string }[]) {
      await createRecord(scope, bloomLevel, {
        name: l.name,
        level_of_learning: `${domain.slice(0, 1)}${l.level}`,
        characteristics_of_learning: l.definition ?? '',
        domain: domainIds[domain],
      });
    }
  }
  for (const po of nba.nba_12_po.outcomes) {
    await createRecord(scope, genericProgramOutcome, {
      outcome_type: 'PO',
      po_reference: po.code,
      title: po.title,
      statement: po.statement,
      framework: nba.nba_12_po.framework,
    });
  }
  return true;
}
