import type { ReactElement } from 'react';
import { CURRICULUM_TABS } from '../../app/navigation';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { CoPoMatrixPage } from './co-po-matrix-page';
import { ImportableEntityPage } from '../../components/entity/importable-entity-page';

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <EntityPage key="courses" entityName="course-curriculum" title="Courses" filters={['curriculum', 'term']} />,
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
    <EntityPage key="cos" entityName="course-outcome" title="Course Outcomes" filters={['curriculum', 'term', 'course']} />
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
  return <SideTabsArea base="/curriculum" label="Curriculum" tabs={CURRICULUM_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))} />;
}
