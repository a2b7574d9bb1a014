import { courseCurriculum } from '@attain/shared-types';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityForm, type EntityFormApi } from '../src/components/entity/entity-form';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const total = () => (screen.getByLabelText(/^Total credits/) as HTMLInputElement).value;

describe("a course's total credits", () => {
  it('is worked out from L-T-P as they are entered (AICTE: L + T + P/2), until the person enters their own', async () => {
    mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    let form: EntityFormApi | undefined;
    renderApp(
      <EntityForm
        def={courseCurriculum}
        onSubmit={async () => undefined}
        before={(f) => {
          form = f;
          return null;
        }}
      />,
      '/curriculum/course',
    );
    await screen.findByLabelText(/^Lecture credits/);
    expect(screen.getByText(/Worked out as L \+ T \+ P\/2 \(AICTE model curriculum\)/)).toBeTruthy();
    // Each value as the field's input hands it to the form when a person types it.
    const enter = (name: string, v: number) => act(() => form?.setValue(name, v, { shouldDirty: true }));
    // 3-1-2: 3 + 1 + 2/2 = 5 credits.
    enter('lecture_credits', 3);
    enter('tutor_credits', 1);
    expect(total()).toBe('');
    enter('practical_credits', 2);
    await waitFor(() => expect(total()).toBe('5'));
    // 3-1-3 would be 5.5, which the field (whole credits) cannot hold: it is left for the person.
    enter('practical_credits', 3);
    await waitFor(() => expect(total()).toBe(''));
    // 3-1-4: 3 + 1 + 4/2 = 6.
    enter('practical_credits', 4);
    await waitFor(() => expect(total()).toBe('6'));
    // A university that counts otherwise enters its own total (IIT Palakkad's 1-0-3 is 3 credits); L-T-P entered
    // after that leave it alone.
    enter('total_credits', 4);
    enter('lecture_credits', 2);
    await waitFor(() => expect((screen.getByLabelText(/^Lecture credits/) as HTMLInputElement).value).toBe('2'));
    expect(total()).toBe('4');
  });
});
