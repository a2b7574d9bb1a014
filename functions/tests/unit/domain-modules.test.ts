import { API_CONTRACTS, CRUD_ENTITIES, apiRoutes, campusScope, courseOutcome, department, student } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { ALL_DOMAINS, checked } from '../../src/lambdas/bundles/index.js';
import { behaviour, domainProblems, hooksByEntity } from '../../src/platform/http/domain-module.js';
import { coOnQuestionPapers } from '../../src/features/assessments/question-paper-rules.js';

/** The base of a route path (`/api/marks/{proxy+}` -> `/api/marks`). */
const routeBase = (path: string) => path.replace(/\/\{[^}]+\}$/, '');

describe('domain modules', () => {
  it('serve every API route exactly once, each in the domain the cloud routes it to', () => {
    const served = new Map<string, string[]>();
    const add = (path: string, domain: string) => served.set(path, [...(served.get(path) ?? []), domain]);
    for (const m of ALL_DOMAINS) {
      for (const p of new Set((m.endpoints ?? []).map((e) => e.contract.path))) add(p, m.name);
      for (const e of m.entities) for (const p of [e.path, ...(e.aliases ?? [])]) add(p, m.name);
    }
    const declared = new Set<string>(API_CONTRACTS.map((r) => r.path));
    // The domains of the declared routes under a base the cloud routes as `base/{proxy+}`.
    const declaredUnder = (base: string) => [...new Set(API_CONTRACTS.filter((r) => r.path.startsWith(`${base}/`)).map((r) => r.domain))];
    for (const route of apiRoutes()) {
      const under = route.path.endsWith('/{proxy+}') ? declaredUnder(routeBase(route.path)) : [];
      if (under.length) {
        expect(under, `${route.path} is declared for several domains`).toEqual([route.domain]);
        continue;
      }
      const base = declared.has(route.path) ? route.path : routeBase(route.path);
      // `/api/department/{id}` is served by the CRUD router mounted at `/api/department`.
      expect(served.get(base), `${route.path} is served by no domain module`).toEqual([route.domain]);
    }
  });
  it('are each sound: no special route without a router, no hooks for another domain', () => {
    for (const m of ALL_DOMAINS) expect(domainProblems(m, CRUD_ENTITIES, API_CONTRACTS)).toEqual([]);
  });
  it('refuse a declared route left without a handler, served twice or by another domain', () => {
    const attainment = ALL_DOMAINS.find((m) => m.name === 'attainment')!;
    const [first, ...rest] = attainment.endpoints ?? [];
    expect(domainProblems({ ...attainment, endpoints: rest }, CRUD_ENTITIES, API_CONTRACTS)).toEqual([
      `attainment: route ${first.contract.method} ${first.contract.path} has no handler`,
    ]);
    expect(domainProblems({ ...attainment, endpoints: [first, first, ...rest] })).toEqual([
      `attainment: ${first.contract.method} ${first.contract.path} is served twice`,
    ]);
    const survey = ALL_DOMAINS.find((m) => m.name === 'survey')!;
    expect(domainProblems({ ...survey, endpoints: [...(survey.endpoints ?? []), first] })).toEqual([
      `survey: serves ${first.contract.method} ${first.contract.path}, a route of the attainment domain`,
    ]);
  });
  it('refuse at start-up a module that would leave a route unmounted, hooks that never run or rich text unsanitized', () => {
    // The configuration domain without its endpoints, and with hooks for an attainment entity.
    const broken = {
      name: 'configuration' as const,
      entities: CRUD_ENTITIES.filter((e) => e.domain === 'configuration'),
      behaviours: [behaviour(student, {})],
    };
    expect(() => checked([broken])).toThrow(/route POST \/api\/generic-program-outcome\/setup has no handler/);
    expect(domainProblems(broken, undefined, API_CONTRACTS)).toEqual([
      'configuration: organization has rich-text fields but the domain gives no HTML sanitizer',
      ...API_CONTRACTS.filter((r) => r.domain === 'configuration').map((r) => `configuration: route ${r.method} ${r.path} has no handler`),
      'configuration: hooks for student, an entity of the attainment domain',
    ]);
    const configuration = ALL_DOMAINS.find((m) => m.name === 'configuration');
    expect(domainProblems({ ...configuration!, behaviours: [behaviour(department, {})] }, CRUD_ENTITIES)).toEqual([]);
    // Checked against the whole registry (the local server and these tests): an entity of the domain left unserved,
    // and one of another domain served.
    // (Its behaviours are left out here: they hook the organization, which would add a third problem.)
    expect(
      domainProblems({ ...configuration!, behaviours: [], entities: [...configuration!.entities.slice(1), student] }, CRUD_ENTITIES),
    ).toEqual([
      'configuration: organization is an entity of this domain the module does not serve',
      'configuration: serves student, an entity of the attainment domain',
    ]);
  });

  it('run the rules every feature declares for one record type, in order, each able to refuse', async () => {
    const ran: string[] = [];
    const scope = campusScope({ tenant: 'c1', role: 'admin', user: 'a@x.in', sub: 's' });
    const hooks = hooksByEntity([
      behaviour(courseOutcome, {
        beforeReplace: async () => void ran.push('curriculum: frozen year'),
        beforeDelete: async () => ['CO-PO matrix of BCS401'],
      }),
      behaviour(department, { afterSave: async () => void ran.push('department') }),
      behaviour(courseOutcome, {
        beforeReplace: async () => {
          ran.push('assessments');
          throw new Error('refused');
        },
        beforeDelete: async () => ['question paper of IA 1'],
        afterSave: async () => void ran.push('assessments: saved'),
      }),
    ]).get(courseOutcome)!;
    const at = '2026-11-29T06:00:00Z';
    const co = { id: 'co1', version: 1, created_by: 'a@x.in', created_at: at, updated_by: 'a@x.in', updated_at: at, code: 'CO1' };
    await expect(hooks.beforeReplace!(scope, co, co, {})).rejects.toThrow('refused');
    expect(ran).toEqual(['curriculum: frozen year', 'assessments']);
    expect(await hooks.beforeDelete!(scope, co)).toEqual(['CO-PO matrix of BCS401', 'question paper of IA 1']);
    await hooks.afterSave!(scope, co);
    expect(ran.at(-1)).toBe('assessments: saved');
    expect(hooks.afterCreate).toBeUndefined();
  });

  it('serve each record type with the rules of every feature that has one: a CO is kept while a question paper uses it', () => {
    const curriculum = ALL_DOMAINS.find((m) => m.name === 'curriculum')!;
    expect(curriculum.behaviours).toContain(coOnQuestionPapers);
    expect(curriculum.behaviours.filter((b) => b.entity === courseOutcome)).toHaveLength(2);
  });
});
