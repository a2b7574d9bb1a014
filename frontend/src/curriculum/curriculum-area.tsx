import type { ReactElement } from 'react';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { CURRICULUM_TABS } from '../app/navigation';
import { profileAtom } from '../app/state';
import { SideTabsArea } from '../areas/side-tabs-area';
import { EntityPage } from '../entity/entity-page';
import { clearRefCache } from '../entity/use-ref-options';
import { CoPoMatrixPage } from './co-po-matrix-page';
import { ImportDialog } from './import-dialog';

/** The curricula of a program, with the admins' "Load CSV" button. */
function CurriculaPage() {
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <>
      <EntityPage
        key={version}
        entityName="curriculum"
        title="Curricula"
        filters={['program']}
        toolbar={isAdmin ? <Button label="Load CSV" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null}
      />
      <ImportDialog
        visible={open}
        onHide={() => setOpen(false)}
        onDone={() => {
          clearRefCache();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <EntityPage key="courses" entityName="course-curriculum" title="Courses" filters={['curriculum', 'term']} />,
  curricula: () => <CurriculaPage />,
  'course-outcome': () => <EntityPage key="cos" entityName="course-outcome" title="Course Outcomes" filters={['curriculum', 'term', 'course']} />,
  'co-po-maping': () => <CoPoMatrixPage />,
  'manage-topic-tlos': () => <EntityPage key="topics" entityName="topic" title="Topics and TLOs" filters={['course']} />,
  'manage-lab-experiment-tlos': () => <EntityPage key="labs" entityName="lab-experiment" title="Lab Experiments" filters={['course', 'category']} />,
};

/** `/curriculum/*` (spec part 1 §2 Curriculum). */
export default function CurriculumArea() {
  return <SideTabsArea base="/curriculum" label="Curriculum" tabs={CURRICULUM_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))} />;
}
