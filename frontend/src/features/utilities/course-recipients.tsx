import { courseCurriculum, refLabel, student } from '@attain/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Dropdown } from 'primereact/dropdown';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { qk } from '../../app/query-keys';
import { profileAtom } from '../../app/state';
import type { EntityFormApi } from '../../components/entity/entity-form';
import { fetchEveryPage, useListQuery } from '../../components/entity/list-cache';
import { loadMoreFooter } from '../../components/entity/load-more';
import { formatNumber, useLocale } from '../../lib/format/locale';
import { addToRecipients } from './add-recipients';
import { type RecipientsAdded, RecipientsNote } from './recipients-note';

/** Students read per request when a course's students are added (the API's largest page). */
const STUDENTS_PER_PAGE = 1000;

/**
 * Send Mail for a faculty member: a picker of their own courses (those whose owner they are, among the courses read;
 * "Load more" reads on) that adds the students of the course's curriculum to To (every page of
 * `GET /api/student?curriculum=`), with a note of how many ("Added 60 students of BCS401 Operating Systems") and who.
 */
export function CourseRecipients({ form }: { form: EntityFormApi }) {
  const locale = useLocale();
  const me = useAtomValue(profileAtom);
  const courses = useListQuery(courseCurriculum, {});
  const mine = courses.rows.filter((c) => c.owner !== undefined && c.owner === me?.id);
  const [course, setCourse] = useState<string | null>(null);
  const [note, setNote] = useState<RecipientsAdded | null>(null);
  const qc = useQueryClient();
  const latest = useRef(0);
  const read = async (id: string | null) => {
    const ask = ++latest.current;
    const c = mine.find((x) => x.id === id);
    if (!c) return setNote(null);
    const curriculum = c.curriculum;
    const students = await qc.fetchQuery({
      queryKey: qk.recipients('curriculum', curriculum),
      queryFn: () => fetchEveryPage(student, { curriculum }, STUDENTS_PER_PAGE),
    });
    if (ask !== latest.current) return;
    const { added, aside } = addToRecipients(
      form,
      students.map((s) => s.email),
      locale,
    );
    const label = refLabel(courseCurriculum, c);
    setNote({
      text: students.length
        ? `Added ${formatNumber(added, locale)} student${added === 1 ? '' : 's'} of ${label}${aside}`
        : `${label} has no students on its curriculum's roster yet`,
      people: students.map((s) => ({
        key: s.id,
        name: s.name ?? s.roll_no,
        detail: s.roll_no ? `roll number ${s.roll_no}` : undefined,
        email: s.email,
      })),
    });
  };
  /** `read`, its failure already told in the popup by `api` (nothing is added then). */
  const fill = (id: string | null) =>
    read(id).catch((e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
    });
  return (
    <fieldset className="mail-recipients">
      <legend>Add the students of a course</legend>
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor="mail-course">Your course</label>
          <Dropdown
            inputId="mail-course"
            className="w-full"
            value={course}
            options={mine.map((c) => ({ value: c.id, label: refLabel(courseCurriculum, c) }))}
            placeholder="Choose one of your courses"
            filter={mine.length > 10}
            emptyMessage={courses.isPending ? 'Reading your courses…' : 'None of the courses read so far is yours'}
            panelFooterTemplate={loadMoreFooter(courses)}
            onChange={(e) => {
              setCourse(e.value ?? null);
              void fill(e.value ?? null);
            }}
          />
        </div>
      </div>
      {note ? <RecipientsNote note={note} /> : <p className="hint">Choose a course: its students&apos; addresses are added to To.</p>}
    </fieldset>
  );
}
