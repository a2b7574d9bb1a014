import { type EntityRecord, textOf } from '@attain/shared-types';
import { Link } from 'react-router-dom';
import { EntityPage } from '../../components/entity/entity-page';
import { TemplateFill } from './template-fill';

/** A survey row's links to host it and to its report. */
function SurveyLinks({ record }: { record: EntityRecord }) {
  const q = `?survey=${encodeURIComponent(record.id)}`;
  const name = textOf(record.name);
  return (
    <>
      <Link className="p-button p-button-text p-button-sm" to={`/survey/host-survey${q}`} aria-label={`Host ${name}`}>
        Host
      </Link>
      <Link className="p-button p-button-text p-button-sm" to={`/survey/survey-report${q}`} aria-label={`Report of ${name}`}>
        Report
      </Link>
    </>
  );
}

/**
 * `/survey/create-survey` (spec part 2 §2): the campus's surveys, each made from a template for a program's
 * curriculum (or one course of it, for a course-exit survey) in an academic year and open between two dates; each
 * row links to hosting it and to its report. In the form, choosing a template fills what it is for, who answers it,
 * its department and program.
 */
export function SurveysPage() {
  return (
    <EntityPage
      key="survey"
      entityName="survey"
      title="Surveys"
      rowActions={(r) => <SurveyLinks record={r} />}
      formBefore={(form, chosen) => <TemplateFill form={form} chosen={chosen} />}
    />
  );
}
