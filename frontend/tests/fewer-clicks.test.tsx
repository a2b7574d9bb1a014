import { courseCurriculum, courseOutcome } from '@attain/shared-types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCourseContext } from '../src/app/navigation';
import { EntityForm, type EntityFormApi } from '../src/components/entity/entity-form';
import { carriedChoices } from '../src/components/entity/entity-page';
import { BloomFromVerb } from '../src/features/curriculum/bloom-from-verb';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LEVELS = [
  rec('k2', { name: 'Understand', level_of_learning: 'K2', action_verb: 'explain, describe, summarise' }),
  rec('k3', { name: 'Apply', level_of_learning: 'K3', action_verb: 'apply, construct, solve' }),
];

/** Renders `def`'s empty form (a new record) with `before`, and hands back its form. */
async function newForm(def: typeof courseOutcome | typeof courseCurriculum, before?: Parameters<typeof EntityForm>[0]['before']) {
  let form: EntityFormApi | undefined;
  renderApp(
    <EntityForm
      def={def}
      onSubmit={async () => undefined}
      before={(f, chosen) => {
        form = f;
        return typeof before === 'function' ? before(f, chosen) : null;
      }}
    />,
    '/curriculum/course-outcome',
  );
  await waitFor(() => expect(form).toBeDefined());
  return form as EntityFormApi;
}

describe("a new CO's Bloom's level", () => {
  it("follows the statement's verb until the person chooses one, and says which verb gave it", async () => {
    mockServer((method, url) => {
      if (url.startsWith('/api/bloom-level?')) return { body: { data: LEVELS, next: null } };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    const form = await newForm(courseOutcome, (f, chosen) => <BloomFromVerb form={f} chosen={chosen} />);
    await screen.findByText(/follows the statement's first word/);
    act(() => form.setValue('statement', 'Construct LL and LR parsers for a grammar.', { shouldDirty: true }));
    await waitFor(() => expect(form.getValues('cognitive_domain')).toBe('k3'));
    expect(
      screen.getByText('Bloom\'s level from the verb "Construct": K3 Apply. Choose another if the outcome demands more.'),
    ).toBeTruthy();
    act(() => form.setValue('statement', 'Explain the phases of a compiler.', { shouldDirty: true }));
    await waitFor(() => expect(form.getValues('cognitive_domain')).toBe('k2'));
    // The person's own choice stays, whatever the statement says after.
    act(() => form.setValue('cognitive_domain', 'k3', { shouldDirty: true }));
    act(() => form.setValue('statement', 'Describe the symbol table.', { shouldDirty: true }));
    await screen.findByText("Bloom's level as you chose it.");
    expect(form.getValues('cognitive_domain')).toBe('k3');
  });
});

describe("a CO added after another keeps the Bloom's level the person chose again", () => {
  it('when the level carried from the previous CO is chosen back, the verb no longer changes it', async () => {
    mockServer((method, url) => {
      if (url.startsWith('/api/bloom-level?')) return { body: { data: LEVELS, next: null } };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    let form: EntityFormApi | undefined;
    renderApp(
      <EntityForm
        def={courseOutcome}
        preset={{ cognitive_domain: 'k2' }}
        onSubmit={async () => undefined}
        before={(f, chosen) => {
          form = f;
          return <BloomFromVerb form={f} chosen={chosen} />;
        }}
      />,
      '/curriculum/course-outcome',
    );
    await waitFor(() => expect(form).toBeDefined());
    act(() => form?.setValue('statement', 'Construct a parser.', { shouldDirty: true }));
    await waitFor(() => expect(form?.getValues('cognitive_domain')).toBe('k3'));
    // The person chooses K2 back (the carried value, so not a change from the form's start).
    act(() => form?.setValue('cognitive_domain', 'k2'));
    act(() => form?.setValue('statement', 'Solve recurrences.', { shouldDirty: true }));
    await screen.findByText("Bloom's level as you chose it.");
    expect(form?.getValues('cognitive_domain')).toBe('k2');
  });
});

describe('a required choice with one record to choose', () => {
  it('starts chosen, as the form’s own value: nothing to discard', async () => {
    mockServer((method, url) => {
      if (url.startsWith('/api/department?'))
        return { body: { data: [rec('d1', { name: 'Computer Science and Engineering' })], next: null } };
      if (method === 'GET') return { body: { data: [], next: null } };
    });
    const form = await newForm(courseCurriculum);
    await waitFor(() => expect(form.getValues('reviewer_department')).toBe('d1'));
    expect(form.formState.isDirty).toBe(false);
    // An optional choice is left to the person.
    expect(form.getValues('type_of_course')).toBeNull();
  });
});

describe('"Save and add another"', () => {
  it("starts the next record with the saved one's choices, not its text or unique values", () => {
    const saved = rec('co1', {
      course: 'c1',
      code: 'CO1',
      statement: 'Explain ...',
      cognitive_domain: 'k2',
      delivery_method: 'dm1',
      term: 't1',
    });
    expect(carriedChoices(courseOutcome, saved)).toEqual({ course: 'c1', cognitive_domain: 'k2', delivery_method: 'dm1' });
  });
});

describe('the course being worked on', () => {
  it('follows the menu between the areas that work on a course, and only those', () => {
    const params = new URLSearchParams({ curriculum: 'cur1', term: 't5', course: 'c1', other: 'x' });
    expect(withCourseContext('/assessments', '/curriculum/co-po-maping', params)).toBe('/assessments?curriculum=cur1&term=t5&course=c1');
    expect(withCourseContext('/attainment', '/assessments/manage-ese-qp', params)).toBe('/attainment?curriculum=cur1&term=t5&course=c1');
    expect(withCourseContext('/survey', '/curriculum', params)).toBe('/survey');
    expect(withCourseContext('/curriculum', '/survey/create-survey', params)).toBe('/curriculum');
    expect(withCourseContext('/curriculum', '/assessments', new URLSearchParams())).toBe('/curriculum');
  });
});
