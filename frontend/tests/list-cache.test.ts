import { courseCurriculum, department } from '@attain/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client';
import { qk } from '../src/app/query-keys';
import { type ListData, dropDeleted, fetchListPage, matchesFilters, putSaved, rowsOf } from '../src/components/entity/list-cache';
import { mockServer, rec } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const C = '/api/Course-Curriculum';
const list = (...pages: ReturnType<typeof rec>[][]): ListData => ({
  pages: pages.map((data, i) => ({ data, next: i < pages.length - 1 ? `k${i}` : null })),
  pageParams: pages.map((_, i) => (i ? `k${i - 1}` : null)),
});
const ids = (d: ListData | undefined) => d?.pages.map((p) => p.data.map((r) => r.id));

describe('the list cache', () => {
  it('places a saved record in the lists whose filters it matches, replaces it where it was, and drops it where it no longer fits', () => {
    const qc = createQueryClient();
    const a = rec('a', { title: 'A', curriculum: 'c1', term: 't1' });
    const b = rec('b', { title: 'B', curriculum: 'c1', term: 't2' });
    qc.setQueryData(qk.list(C, {}), list([a], [b]));
    qc.setQueryData(qk.list(C, { curriculum: 'c1', term: 't1' }), list([a]));
    qc.setQueryData(qk.list(C, { curriculum: 'c1', term: 't2' }), list([b]));
    qc.setQueryData(qk.list(C, { curriculum: 'c2' }), list([]));
    qc.setQueryData(qk.refs('course-curriculum', ['b']), [b]);

    // b moves to term 1, with a new version.
    const b2 = { ...b, term: 't1', version: 2 };
    putSaved(qc, courseCurriculum, b2);
    expect(ids(qc.getQueryData(qk.list(C, {})))).toEqual([['a'], ['b']]);
    expect(qc.getQueryData<ListData>(qk.list(C, {}))?.pages[1].data[0].version).toBe(2);
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c1', term: 't1' })))).toEqual([['b', 'a']]);
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c1', term: 't2' })))).toEqual([[]]);
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c2' })))).toEqual([[]]);
    expect(qc.getQueryData(qk.record(C, 'b'))).toEqual(b2);
    // A label read by id takes the saved version too.
    expect(qc.getQueryData(qk.refs('course-curriculum', ['b']))).toEqual([b2]);

    // A new record goes first in the lists it matches.
    putSaved(qc, courseCurriculum, rec('n', { title: 'N', curriculum: 'c2', term: 't9' }));
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c2' })))).toEqual([['n']]);
    expect(ids(qc.getQueryData(qk.list(C, {})))).toEqual([['n', 'a'], ['b']]);
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c1', term: 't1' })))).toEqual([['b', 'a']]);

    dropDeleted(qc, courseCurriculum, 'a');
    expect(ids(qc.getQueryData(qk.list(C, {})))).toEqual([['n'], ['b']]);
    expect(ids(qc.getQueryData(qk.list(C, { curriculum: 'c1', term: 't1' })))).toEqual([['b']]);
  });

  it('leaves other entities alone', () => {
    const qc = createQueryClient();
    qc.setQueryData(qk.list('/api/program', {}), list([rec('p', { title: 'P' })]));
    putSaved(qc, department, rec('d', { name: 'D' }));
    expect(ids(qc.getQueryData(qk.list('/api/program', {})))).toEqual([['p']]);
  });

  it('shows a record placed first and also read on a later page once', () => {
    const a = rec('a', {});
    expect(rowsOf(list([a, rec('b', {})], [a])).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('matches filters as the server does: exact values, numbers and booleans as text', () => {
    expect(matchesFilters({ term: 't1', number: 2, status: true }, { term: 't1', number: '2', status: 'true' })).toBe(true);
    expect(matchesFilters({ term: 't1' }, { term: 't2' })).toBe(false);
    expect(matchesFilters({}, { term: 't1' })).toBe(false);
  });

  it('tops up a page the server left short under a filter, and stops at the last page', async () => {
    const server = mockServer((method, url) => {
      const next = new URL(url, 'http://x').searchParams.get('next');
      if (!next) return { body: { data: [rec('x1', {})], next: 'n1' } };
      if (next === 'n1') return { body: { data: [], next: 'n2' } };
      if (next === 'n2') return { body: { data: [rec('x2', {})], next: null } };
    });
    const page = await fetchListPage(C, { program: 'p1' }, null);
    expect(page).toEqual({ data: [expect.objectContaining({ id: 'x1' }), expect.objectContaining({ id: 'x2' })], next: null });
    expect(server.gets()).toEqual([`${C}?program=p1&limit=100`, `${C}?program=p1&limit=100&next=n1`, `${C}?program=p1&limit=100&next=n2`]);
  });
});
