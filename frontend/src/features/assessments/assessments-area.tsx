import { CIE_KINDS, SEE_KINDS } from '@attain/shared-types';
import type { ReactElement } from 'react';
import { ASSESSMENT_TABS } from '../../app/navigation';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { QuestionPaperButton } from '../../components/entity/question-paper-button';
import { QuestionPaperPage } from './question-paper-page';

function OccasionsPage() {
  return (
    <EntityPage
      key="occasions"
      entityName="occasion"
      title="ISE/MSE Occasions"
      filters={['department', 'program', 'curriculum', 'term']}
      rowActions={(r) => <QuestionPaperButton occasion={r} />}
    />
  );
}

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <EntityPage key="qb" entityName="questionbank" title="Question Bank" filters={['course']} />,
  'manage-ise-mse-occassion': () => <OccasionsPage />,
  'manage-ise-mse-qp-rubrics': () => <QuestionPaperPage kinds={CIE_KINDS} title="ISE/MSE Question Papers and Rubrics" />,
  'manage-ese-qp': () => <QuestionPaperPage kinds={SEE_KINDS} title="ESE Question Papers" />,
};

/** `/assessments/*` (spec part 1 §2 Assessments). */
export default function AssessmentsArea() {
  return <SideTabsArea base="/assessments" label="Assessments" tabs={ASSESSMENT_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))} />;
}
