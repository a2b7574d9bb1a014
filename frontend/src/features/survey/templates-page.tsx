import { EntityPage } from '../../components/entity/entity-page';
import { ScalePresetButtons } from './scale-preset-buttons';

/**
 * `/survey/manage-survey-templates` (spec part 2 §2): the survey templates (name, description, who answers, department,
 * program, what the survey is for) with their rating scale and questions edited in place; the form offers two
 * scales to start from (three-point course exit, five-point agreement).
 */
export function TemplatesPage() {
  return (
    <EntityPage
      key="template"
      entityName="template"
      title="Survey Templates"
      intro={
        <p className="hint">
          A template's rating scale and questions are copied into each survey made from it, so later changes here never alter a survey's
          answers. Write an outcome code (CO1, PO3, PSO1, PEO2) beside a rating question to use its answers for that outcome's indirect
          attainment.
        </p>
      }
      formBefore={(form) => <ScalePresetButtons form={form} />}
    />
  );
}
