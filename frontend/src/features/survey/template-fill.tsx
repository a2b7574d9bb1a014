import { surveyTemplate } from '@attain/shared-types';
import { useEffect, useRef } from 'react';
import type { EntityFormApi } from '../../components/entity/entity-form';
import { useRefRecords } from '../../components/entity/ref-records';

/** The survey fields a template gives (the template's field of the same name). */
export const FROM_TEMPLATE = ['survey_for', 'type', 'department', 'program'] as const;

/**
 * In the survey form: choosing a template fills what the survey is for, who answers it, its department and program
 * from the template (each only when the template has one; the person may change them after). The template the form
 * opened with is not applied again, so editing a survey keeps its values. Shows a line saying so.
 */
export function TemplateFill({ form, chosen }: { form: EntityFormApi; chosen: Readonly<Record<string, unknown>> }) {
  const id = typeof chosen.template === 'string' ? chosen.template : '';
  const lookup = useRefRecords(id ? [{ target: surveyTemplate, ids: [id] }] : []);
  const template = id ? lookup(surveyTemplate, id) : undefined;
  // The template already applied (at first, the one the form opened with).
  const applied = useRef(id);
  useEffect(() => {
    if (!template || applied.current === template.id) return;
    applied.current = template.id;
    for (const name of FROM_TEMPLATE) {
      const v = template[name];
      if (v !== undefined && v !== null && v !== '') form.setValue(name, v, { shouldDirty: true, shouldValidate: true });
    }
  }, [template, form]);
  return <p className="hint">Choosing a template fills Survey for, Answered by, Department and Program from it.</p>;
}
