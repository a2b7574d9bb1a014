import { type EntityDef, ENTITIES, isWritable, academicYearOf } from '@attain/shared-types';
import type { client } from './client.js';
import { sampleBody } from './client.js';

type Api = ReturnType<typeof client>;

/**
 * Builds valid bodies for any registry entity, creating through the API the records its required (and
 * filterable) references need: a course outcome gets a course, which gets a curriculum (which gets a program
 * with terms), a term of that curriculum and a reviewer department. Parents are made once per builder.
 */
let unique = Math.floor(Math.random() * 10_000);

export function fixtures(api: Api) {
  const made = new Map<string, Record<string, any>>();

  async function parent(name: string, scope: Record<string, unknown>): Promise<Record<string, any>> {
    if (name === 'term') {
      const terms = (await api.get(`/api/term?curriculum=${scope.curriculum}`)).body.data;
      if (!terms?.length) throw new Error('curriculum has no terms');
      return terms[0];
    }
    const hit = made.get(name);
    if (hit) return hit;
    const res = await api.post(ENTITIES[name].path, await body(ENTITIES[name]));
    if (res.status !== 201) throw new Error(`fixture ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    made.set(name, res.body.data);
    return res.body.data;
  }

  /** A valid create body for `def`, with its parents created. */
  async function body(def: EntityDef): Promise<Record<string, unknown>> {
    const b = sampleBody(def);
    // Unique text values get a per-run suffix, so fixtures made by one test file never collide with another's.
    for (const f of (def.unique ?? []).flatMap((u) => (typeof u === 'string' ? [u] : []))) {
      const fd = def.fields.find((x) => x.name === f);
      // An academic year stays one: a year of this run's own (1900-01 .. 1989-90).
      if (fd?.academicYear) {
        const y = 1900 + (++unique % 90);
        b[f] = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
      } else if (typeof b[f] === 'string' && fd?.kind === 'string')
        b[f] = `${String(b[f]).slice(0, Math.max(1, (fd.max ?? 200) - 6))}${++unique}`;
    }
    if (def.name === 'program') b.number_of_terms = 4;
    // A DOI is checked by its syntax.
    if (def.name === 'research-publication') b.direct_object_identifier = '10.1000/sample.2026';
    if (def.name === 'faculty-workload') b.academic_year = '2025-26';
    // An occasion's date falls inside its academic year (the sample date is in June 2024).
    if (def.name === 'occasion' && typeof b.held_on === 'string') b.academic_year = academicYearOf(b.held_on);
    // A SAR section is for an item of its format (Tier II's 1.1, 5 marks).
    if (def.name === 'sar-section') b.item = '1.1';
    // A book as a course lists it (kind, title, authors, publisher, edition, year of that edition).
    if (def.name === 'text-reference')
      Object.assign(b, {
        kind: 'Text book',
        title: 'Operating System Concepts',
        authors: 'Abraham Silberschatz, Peter B. Galvin, Greg Gagne',
        publisher: 'Wiley',
        edition: '10th',
        year: 2018,
      });
    // A course-exit template and survey (a CO survey names its course); a free-text question needs no scale.
    if (def.name === 'template') {
      b.survey_for = 'CO';
      b.questions = [{ text: 'What should change in this course?', kind: 'Free text' }];
    }
    if (def.name === 'survey')
      Object.assign(b, { survey_for: 'CO', academic_year: '2025-26', start_date: '2026-04-01', end_date: '2026-05-15' });
    // Rules across fields (e.g. weights that sum to 100) hold for the defaults, not for independent samples.
    if (def.checks) for (const fd of def.fields) if (fd.default !== undefined) delete b[fd.name];
    const refs = def.fields.filter(
      (fd) => fd.kind === 'ref' && isWritable(fd) && (fd.required || def.filters?.includes(fd.name)) && fd.ref !== def.name,
    );
    // Scoped refs (`within`) come after the field they are scoped by.
    refs.sort((a, b2) => Number(Boolean(a.within)) - Number(Boolean(b2.within)));
    for (const fd of refs) {
      if (fd.within) {
        const p = await parent(fd.ref as string, b);
        if (p[fd.within] !== b[fd.within]) continue;
        b[fd.name] = p.id;
      } else b[fd.name] = (await parent(fd.ref as string, b)).id;
    }
    return b;
  }

  return { body, parent };
}
