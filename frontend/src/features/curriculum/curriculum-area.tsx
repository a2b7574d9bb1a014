import type { EntityRecord } from '@attain/shared-types';
import { type ReactElement, useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CURRICULUM_TABS } from '../../app/navigation';
import { COURSE_CONTEXT } from '../../lib/course-context';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { CoPoMatrixPage } from './co-po-matrix-page';
import { BloomFromVerb } from './bloom-from-verb';
import { ImportableEntityPage } from '../../components/entity/importable-entity-page';

/**
 * Curriculum > Courses: a curriculum's courses by term. A course just added becomes the course being worked on
 * (`?course=`), so the Course Outcomes and CO-PO Mapping tabs open on it.
 */
function CoursesPage() {
  const [, setParams] = useSearchParams();
  const workOn = useCallback(
    (course: EntityRecord) =>
      setParams(
        (p) => {
          // Its curriculum and term too: it may have been added under another term than the list's.
          for (const k of ['curriculum', 'term'] as const) if (typeof course[k] === 'string') p.set(k, course[k]);
          p.set('course', course.id);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return <EntityPage key="courses" entityName="course-curriculum" title="Courses" filters={['curriculum', 'term']} onCreated={workOn} />;
}

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <CoursesPage />,
  // A program's curricula, with Load CSV for courses, course outcomes and CO-PO matrices.
  curricula: () => (
    <ImportableEntityPage
      entityName="curriculum"
      title="Curricula"
      filters={['program']}
      kinds={['curriculum', 'course-outcomes', 'co-po-matrix']}
    />
  ),
  'course-outcome': () => (
    <EntityPage
      key="cos"
      entityName="course-outcome"
      title="Course Outcomes"
      filters={['curriculum', 'term', 'course']}
      formBefore={(form, chosen) => <BloomFromVerb form={form} chosen={chosen} />}
    />
  ),
  'co-po-maping': () => <CoPoMatrixPage />,
  'manage-topic-tlos': () => <EntityPage key="topics" entityName="topic" title="Topics and TLOs" filters={['course']} />,
  'manage-lab-experiment-tlos': () => (
    <EntityPage key="labs" entityName="lab-experiment" title="Lab Experiments" filters={['course', 'category']} />
  ),
  // A course's text and reference books (the Reports area's Text and Reference Books report reads them).
  'text-reference-books': () => (
    <EntityPage key="books" entityName="text-reference" title="Text and Reference Books" filters={['course', 'kind']} />
  ),
};

/** `/curriculum/*` (spec part 1 §2 Curriculum). */
export default function CurriculumArea() {
  return (
    <SideTabsArea
      base="/curriculum"
      label="Curriculum"
      keep={COURSE_CONTEXT}
      tabs={CURRICULUM_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))}
    />
  );
}
