import { CIE_KINDS, type EntityRecord, SEE_KINDS, isOneOf } from '@attain/shared-types';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ASSESSMENT_TABS } from '../../app/navigation';
import { COURSE_CONTEXT } from '../../lib/course-context';
import { SideTabsArea } from '../../components/areas/side-tabs-area';
import { EntityPage } from '../../components/entity/entity-page';
import { QuestionPaperButton } from '../../components/entity/question-paper-button';
import { QuestionPaperPage } from './question-paper-page';

const OCCASION_FILTERS = ['department', 'program', 'curriculum', 'term', 'course'] as const;
const FOR_ESE = { kind: 'ESE' } as const;
const isCie = (r: EntityRecord) => isOneOf(CIE_KINDS, r.kind);
/** A new occasion on the ISE/MSE page starts as an ISE (the person may choose MSE). */
const ISE = { kind: 'ISE' } as const;

/** The ISE and MSE occasions (ESE occasions are listed under ESE Question Papers), each with its question paper. */
function OccasionsPage() {
  return (
    <EntityPage
      key="occasions"
      entityName="occasion"
      title="ISE/MSE Occasions"
      filters={OCCASION_FILTERS}
      keep={isCie}
      startWith={ISE}
      intro={
        <p className="hint">
          End-semester examinations are under <Link to="/assessments/manage-ese-qp">ESE Question Papers</Link>.
        </p>
      }
      rowActions={(r) => <QuestionPaperButton occasion={r} />}
    />
  );
}

/** ESE: the question paper of a chosen ESE occasion, and the ESE occasions themselves (a new one is an ESE). */
function EsePage() {
  return (
    <>
      <QuestionPaperPage kinds={SEE_KINDS} title="ESE Question Papers" />
      <EntityPage
        key="ese-occasions"
        entityName="occasion"
        title="ESE Occasions"
        filters={OCCASION_FILTERS}
        fixed={FOR_ESE}
        rowActions={(r) => <QuestionPaperButton occasion={r} />}
      />
    </>
  );
}

const SCREENS: Record<string, () => ReactElement> = {
  '': () => <EntityPage key="qb" entityName="questionbank" title="Question Bank" filters={['course']} />,
  'manage-ise-mse-occassion': () => <OccasionsPage />,
  'manage-ise-mse-qp-rubrics': () => <QuestionPaperPage kinds={CIE_KINDS} title="ISE/MSE Question Papers and Rubrics" />,
  'manage-ese-qp': () => <EsePage />,
};

/** `/assessments/*` (spec part 1 §2 Assessments). */
export default function AssessmentsArea() {
  return (
    <SideTabsArea
      base="/assessments"
      label="Assessments"
      keep={COURSE_CONTEXT}
      tabs={ASSESSMENT_TABS.map((t) => ({ ...t, element: SCREENS[t.path]() }))}
    />
  );
}
