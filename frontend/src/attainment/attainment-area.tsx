import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { type ReactElement, useState } from 'react';
import { ATTAINMENT_TABS } from '../app/navigation';
import { profileAtom } from '../app/state';
import { SideTabsArea } from '../areas/side-tabs-area';
import { ImportDialog } from '../curriculum/import-dialog';
import { EntityPage } from '../entity/entity-page';
import { clearRefCache } from '../entity/use-ref-options';
import { CoAttainmentPage } from './co-attainment-page';
import { DataAnalysisPage } from './data-analysis-page';
import { ImprovementPlanPage } from './improvement-plan-page';
import { MarksListPage } from './marks-list-page';
import { CayPoAttainmentPage, CourseComparisonPage, CourseCoAttainmentPage, IndividualPoPage, PoAttainmentPage, ProgramLevelPage } from './program-pages';
import { StudentAttainmentPage } from './student-attainment-page';

/** A curriculum's roster by section, with the admins' "Load CSV" (roll_no, name, section, email). */
function StudentsPage() {
  const isAdmin = useAtomValue(profileAtom)?.role === 'admin';
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  return (
    <>
      <EntityPage key={`students-${version}`} entityName="student" title="Students" filters={['curriculum', 'section']} toolbar={isAdmin ? <Button label="Load CSV" icon="pi pi-upload" outlined onClick={() => setOpen(true)} /> : null} />
      <ImportDialog
        visible={open}
        kinds={['students']}
        onHide={() => setOpen(false)}
        onDone={() => {
          clearRefCache();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}

const ISE_MSE = ['ISE', 'MSE'] as const;
const ESE = ['ESE'] as const;
const SCREENS: Record<string, () => ReactElement> = {
  '': () => <MarksListPage kinds={ISE_MSE} title="CIA Data Entry" base="/attainment" />,
  'ise-mse-data-import': () => <MarksListPage kinds={ISE_MSE} title="ISE/MSE Data Import" base="/attainment/ise-mse-data-import" />,
  'ese-data-import': () => <MarksListPage kinds={ESE} title="ESE Data Import" base="/attainment/ese-data-import" />,
  'co-attainment': () => <CoAttainmentPage />,
  'course-co-attainment': () => <CourseCoAttainmentPage />,
  'course-attainment-comparision': () => <CourseComparisonPage />,
  'po-attainment': () => <PoAttainmentPage />,
  'program-level-course': () => <ProgramLevelPage />,
  'cay-po-attainment': () => <CayPoAttainmentPage />,
  'individual-po-attainment': () => <IndividualPoPage />,
  'data-analysis': () => <DataAnalysisPage />,
  'student-co-attainment': () => <StudentAttainmentPage key="co" of="co" />,
  'student-po-attainment': () => <StudentAttainmentPage key="po" of="po" />,
  'student-improvement-plan': () => <ImprovementPlanPage />,
  methodology: () => <EntityPage key="method" entityName="attainment-method" title="Attainment Methodology" filters={['program']} />,
  students: () => <StudentsPage />,
};

/** `/attainment/*` (spec part 1 §2 Attainment): marks entry and import, attainment results, methodology, rosters. */
export default function AttainmentArea() {
  return <SideTabsArea base="/attainment" label="Attainment" tabs={ATTAINMENT_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))} />;
}
