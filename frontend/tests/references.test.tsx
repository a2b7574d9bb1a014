import { type EntityDef, courseCurriculum, courseOutcome } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCoursePicker } from '../src/components/entity/course-picker';
import { EntityForm } from '../src/components/entity/entity-form';
import { EntityPage } from '../src/components/entity/entity-page';
import { pickerScope } from '../src/components/entity/ref-records';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const programs = {
  p1: rec('p1', { title: 'B.Tech CSE' }),
  p2: rec('p2', { title: 'M.Tech VLSI' }),
  p3: rec('p3', { title: 'MBA' }),
  p0: rec('p0', { title: 'Zoology' }),
  p9: rec('p9', { title: 'Architecture' }),
};
const curricula = (n: number, program: string, from = 0) =>
  Array.from({ length: n }, (_, i) => rec(`c${from + i}`, { name: `Curriculum ${from + i}`, program }));

/** Answers `?ids=` with the programs asked for (unknown ids absent), as the server does. */
function programsById(url: string) {
  const ids = new URL(url, 'http://x').searchParams.get('ids')?.split(',') ?? [];
  return { body: { data: ids.map((id) => programs[id as keyof typeof programs]).filter(Boolean), next: null } };
}

describe('reference columns read only the referenced records a page shows', () => {
  it('asks `?ids=` for the ids on each server page, once per page, and shows their labels', async () => {
    // Page 1: 100 curricula of p1 and p2; page 2: one of p3. No program list is ever read whole.
    const page1 = [...curricula(60, 'p1'), ...curricula(40, 'p2', 60)];
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100') return { body: { data: page1, next: 'k1' } };
      if (url === '/api/curriculum?limit=100&next=k1')
        return { body: { data: [rec('c100', { name: 'Curriculum 100', program: 'p3' })], next: null } };
      if (url.startsWith('/api/program?ids=')) return programsById(url);
    });
    renderApp(<EntityPage entityName="curriculum" filters={[]} />);
    expect(await screen.findAllByText('B.Tech CSE')).not.toHaveLength(0);
    expect(server.calls('GET', /^\/api\/program/).map((s) => s.url)).toEqual(['/api/program?ids=p1,p2']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(server.calls('GET', /^\/api\/program/).map((s) => s.url)).toEqual(['/api/program?ids=p1,p2', '/api/program?ids=p3']),
    );
    // Nothing else was read: not the program list, not the department list.
    expect(server.gets().filter((u) => !u.startsWith('/api/curriculum'))).toEqual(['/api/program?ids=p1,p2', '/api/program?ids=p3']);
  });

  it('searches and sorts reference columns by what they show', async () => {
    // Alpha's program id sorts first (p0 < p9), its label last (Zoology > Architecture).
    mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100')
        return { body: { data: [rec('a', { name: 'Alpha', program: 'p0' }), rec('b', { name: 'Beta', program: 'p9' })], next: null } };
      if (url.startsWith('/api/program?ids=')) return programsById(url);
    });
    renderApp(<EntityPage entityName="curriculum" filters={[]} />);
    await screen.findByText('Zoology');
    fireEvent.change(screen.getByLabelText('Search curriculums'), { target: { value: 'zoo' } });
    await waitFor(() => expect(document.querySelector('.row-count')?.textContent).toBe('1 of 2'));
    fireEvent.change(screen.getByLabelText('Search curriculums'), { target: { value: '' } });
    const order = () =>
      [...document.querySelectorAll('table.data-table tbody > tr')].map((r) => (r.textContent?.includes('Alpha') ? 'Alpha' : 'Beta'));
    await waitFor(() => expect(order()).toEqual(['Alpha', 'Beta']));
    fireEvent.click(screen.getByRole('button', { name: /^Program/ }));
    await waitFor(() => expect(order()).toEqual(['Beta', 'Alpha']));
  });
});

describe('reference pickers read a scoped list when a parent is chosen', () => {
  const empty = { body: { data: [], next: null } };

  it("a course's term picker reads the chosen curriculum's terms; the prerequisite picker its courses of any term", async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100') return { body: { data: [rec('cur1', { name: 'B.Tech 2024', program: 'p1' })], next: null } };
      if (url === '/api/term?curriculum=cur1&limit=100')
        return { body: { data: [rec('t1', { name: 'Term 1', number: 1, curriculum: 'cur1' })], next: null } };
      if (url.startsWith('/api/')) return empty;
    });
    renderApp(<EntityForm def={courseCurriculum} preset={{ curriculum: 'cur1', term: 't1' }} onSubmit={async () => undefined} />);
    await waitFor(() => expect(server.gets()).toContain('/api/term?curriculum=cur1&limit=100'));
    await waitFor(() => expect(server.gets()).toContain('/api/Course-Curriculum?curriculum=cur1&limit=100'));
    const gets = server.gets();
    // No unscoped term list; the course owner and reviewer pickers share one read of the users, the two
    // department pickers one read of the departments.
    expect(gets.filter((u) => u.startsWith('/api/term'))).toEqual(['/api/term?curriculum=cur1&limit=100']);
    expect(gets.filter((u) => u.startsWith('/api/auth/user-list'))).toEqual(['/api/auth/user-list?limit=100']);
    expect(gets.filter((u) => u.startsWith('/api/department'))).toEqual(['/api/department?limit=100']);
    expect(gets.filter((u) => u.startsWith('/api/curriculum'))).toEqual(['/api/curriculum?limit=100']);
  });

  it('the course picker of a course outcome reads the courses of the chosen curriculum and term', async () => {
    const server = mockServer((method, url) => (url.startsWith('/api/') ? empty : undefined));
    renderApp(<EntityForm def={courseOutcome} preset={{ curriculum: 'cur1', term: 't1' }} onSubmit={async () => undefined} />);
    await waitFor(() => expect(server.gets()).toContain('/api/Course-Curriculum?curriculum=cur1&term=t1&limit=100'));
    expect(server.gets().filter((u) => u.startsWith('/api/Course-Curriculum'))).toEqual([
      '/api/Course-Curriculum?curriculum=cur1&term=t1&limit=100',
    ]);
  });

  it('the curriculum -> term -> course filter bar reads each level under the choices above it', async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100') return { body: { data: [rec('cur1', { name: 'B.Tech 2024', program: 'p1' })], next: null } };
      if (url.startsWith('/api/')) return empty;
    });
    function Picker() {
      return useCoursePicker().picker;
    }
    renderApp(<Picker />, '/curriculum/co-po-maping?curriculum=cur1&term=t1');
    await waitFor(() =>
      expect(server.gets()).toEqual(
        expect.arrayContaining([
          '/api/curriculum?limit=100',
          '/api/term?curriculum=cur1&limit=100',
          '/api/Course-Curriculum?curriculum=cur1&term=t1&limit=100',
        ]),
      ),
    );
    // The chosen term is not in the (empty) term list: it is read by id so the picker can show it.
    await waitFor(() => expect(server.gets()).toContain('/api/term?ids=t1'));
    expect(server.gets().filter((u) => u.startsWith('/api/term'))).toEqual(['/api/term?curriculum=cur1&limit=100', '/api/term?ids=t1']);
  });

  it('a picker with no parent chosen shares the first page of the referenced entity, and reads more on request', async () => {
    const page1 = Array.from({ length: 100 }, (_, i) => rec(`cur${i}`, { name: `Curriculum ${i}`, program: 'p1' }));
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100') return { body: { data: page1, next: 'k1' } };
      if (url === '/api/curriculum?limit=100&next=k1') return { body: { data: [rec('cur100', { name: 'Curriculum 100' })], next: null } };
      if (url.startsWith('/api/')) return empty;
    });
    renderApp(<EntityForm def={courseCurriculum} onSubmit={async () => undefined} />);
    await waitFor(() => expect(server.gets()).toContain('/api/curriculum?limit=100'));
    fireEvent.click(document.querySelector('#f-curriculum')?.closest('.p-dropdown')?.querySelector('.p-dropdown-trigger') as HTMLElement);
    fireEvent.click((await screen.findByText('Load more')).closest('button') as HTMLElement);
    await waitFor(() => expect(server.gets()).toContain('/api/curriculum?limit=100&next=k1'));
    expect(server.gets().filter((u) => u.startsWith('/api/curriculum'))).toEqual([
      '/api/curriculum?limit=100',
      '/api/curriculum?limit=100&next=k1',
    ]);
  });
});

describe('pickerScope', () => {
  const field = (def: EntityDef, name: string) => def.fields.find((f) => f.name === name)!;
  it('scopes by the declared filters of the referenced entity that name a chosen reference of the same kind', () => {
    expect(pickerScope(courseCurriculum, field(courseCurriculum, 'term'), { curriculum: 'c', term: 't' })).toEqual({ curriculum: 'c' });
    expect(pickerScope(courseOutcome, field(courseOutcome, 'course'), { curriculum: 'c', term: 't', code: 'CO1' })).toEqual({
      curriculum: 'c',
      term: 't',
    });
    expect(pickerScope(courseOutcome, field(courseOutcome, 'course'), {})).toEqual({});
    // A prerequisite may be of another term of the same curriculum.
    expect(pickerScope(courseCurriculum, field(courseCurriculum, 'prerequisite_course'), { curriculum: 'c', term: 't' })).toEqual({
      curriculum: 'c',
    });
  });
});
