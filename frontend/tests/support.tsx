import type { ProfileView, Role } from '@attain/shared-types';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client';
import { profileAtom, store } from '../src/app/state';
import { ConfirmDialog } from 'primereact/confirmdialog';

/** One request the mocked server saw: method, path with query, parsed JSON body and headers (names lower case). */
export interface Seen {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A mocked server answer: status (default 200) and JSON body. */
export type Answer = { status?: number; body: unknown };

/**
 * Replaces `fetch` with a server that answers from `route(method, url, body)` (throwing = 404) and records every
 * request, so a test can count what the app asked for.
 */
export function mockServer(route: (method: string, url: string, body: unknown) => Answer | undefined) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : init?.body;
    const headers = Object.fromEntries(Object.entries(init?.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.push({ method, url, body, headers });
    const a = route(method, url, body) ?? { status: 404, body: { errors: { detail: `No mock for ${method} ${url}` } } };
    const status = a.status ?? 200;
    return { ok: status < 400, status, json: async () => a.body } as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return {
    seen,
    /** Requests whose method and URL match (URL: exact string or a test). */
    calls: (method: string, url: string | RegExp) =>
      seen.filter((s) => s.method === method && (typeof url === 'string' ? s.url === url : url.test(s.url))),
    gets: () => seen.filter((s) => s.method === 'GET').map((s) => s.url),
  };
}

/**
 * Signs a user of the given role in, as far as the pages can tell (the profile atom); `own` adds to their profile
 * (e.g. `{ id: 'u-1', first_name: 'Meera' }`, for pages that tell the user's own records from others').
 */
export function signInAs(role: Role, own: Record<string, unknown> = {}): void {
  const p: ProfileView = {
    email: `${role}@example.edu`,
    role,
    tenant: 'campus-1',
    organization_name: 'Test College',
    department_name: '',
    locale: 'en-IN',
    ...own,
  };
  store.set(profileAtom, p);
}

/** Renders `ui` with a fresh query cache, a router at `path` and the shell's confirm dialog. @returns the cache, for assertions */
export function renderApp(ui: ReactNode, path = '/'): { queryClient: QueryClient } & ReturnType<typeof render> {
  const queryClient = createQueryClient();
  const r = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        {/* The app shell's one confirm dialog, which pages' questions (Delete?, Discard changes?) use. */}
        <ConfirmDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, ...r };
}

/** A stored record with its system fields. */
export function rec(id: string, fields: Record<string, unknown>, version = 1) {
  return {
    id,
    version,
    created_by: 'admin@example.edu',
    created_at: '2026-01-01T00:00:00Z',
    updated_by: 'admin@example.edu',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

/** Course k1's CO-PO matrix as the server answers it: one CO, one PO, the given cells at `version`. */
export const matrixView = (cells: Record<string, Record<string, number>>, version: number) => ({
  course: 'k1',
  cells,
  version,
  cos: [rec('co1', { code: 'CO1', statement: 'First' })],
  outcomes: [rec('po1', { po_reference: 'PO1', outcome_type: 'PO', statement: 'Knowledge' })],
  articulation_rule: 'Average',
  articulation: {},
});
