import { FACULTY_RECORDS, bookPublish, entity, facultyWorkload, profile } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FACULTY_TABS } from '../src/app/navigation';
import { EntityForm } from '../src/components/entity/entity-form';
import { mockServer, rec, renderApp, signInAs } from './support';

afterEach(cleanup);

describe('Faculty Contribution (spec part 2 §2)', () => {
  it('has the profile and the 13 record pages at the spec paths, each on its own record type', () => {
    expect(FACULTY_TABS.map((t) => t.path)).toEqual([
      '',
      'faculty_workload',
      'research_publication',
      'consultancy_project',
      'sponsored_project',
      'awards_honors',
      'patent_innovation',
      'book_published',
      'book_chapter',
      'scholarship',
      'workshop_organized',
      'workshop_attended',
      'professional_bodies',
      'research_projects',
    ]);
    expect(FACULTY_TABS.filter((t) => t.entity).map((t) => entity(t.entity as string).path)).toEqual(FACULTY_RECORDS.map((e) => e.path));
  });

  it("asks the workload's work field only for 'Others (specify)', and a book's kind only for 'Other'", async () => {
    signInAs('faculty');
    mockServer(() => ({ body: { data: [], next: null } }));
    const form = (def: typeof facultyWorkload | typeof bookPublish, values: Record<string, unknown>) =>
      renderApp(<EntityForm def={def} record={rec('r1', values)} onSubmit={async () => undefined} />);
    form(facultyWorkload, { type_of_work: 'Theory teaching' });
    await screen.findByLabelText(/^Type of work/);
    expect(screen.queryByLabelText(/^Work \(specify\)/)).toBeNull();
    cleanup();
    form(facultyWorkload, { type_of_work: 'Others (specify)' });
    await screen.findByLabelText(/^Work \(specify\)/);
    cleanup();
    form(bookPublish, { type: 'Text Book' });
    await screen.findByLabelText(/^Book title/);
    expect(screen.queryByLabelText(/^Type \(specify\)/)).toBeNull();
    cleanup();
    form(bookPublish, { type: 'Other' });
    await screen.findByLabelText(/^Type \(specify\)/);
  });

  it('shows total experience as teaching + industrial while they are typed, and edits qualification rows in place', async () => {
    signInAs('faculty');
    mockServer(() => ({ body: { data: [], next: null } }));
    let sent: Record<string, unknown> | undefined;
    renderApp(
      <EntityForm
        def={profile}
        record={rec('me', { first_name: 'Meera', last_name: 'Iyer', teaching_experience: 10, qualification_detail: [{ degree: 'B.E.' }] })}
        onSubmit={async (v) => void (sent = v)}
        submitLabel="Update"
      />,
    );
    const total = (await screen.findByLabelText('Total experience (years)')) as HTMLInputElement;
    expect(total.value).toBe('10');
    expect(total.readOnly).toBe(true);
    const industrial = screen.getByLabelText('Industrial experience (years)');
    fireEvent.change(industrial, { target: { value: '2.5' } });
    fireEvent.blur(industrial);
    await waitFor(() => expect(total.value).toBe('12.5'));
    // The sections of spec part 2 §2, in order.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Personal details',
      'Professional details',
      'Qualification details',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Qualification' }));
    const degree2 = await screen.findByLabelText(/^Degree/, { selector: '#f-qualification_detail-1-degree' });
    fireEvent.change(degree2, { target: { value: 'M.Tech' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Qualification 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent?.qualification_detail).toEqual([expect.objectContaining({ degree: 'M.Tech' })]));
    expect(sent).not.toHaveProperty('total_experience');
  });
});
