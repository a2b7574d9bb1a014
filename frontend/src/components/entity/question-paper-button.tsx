import { type EntityRecord, textOf } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { COURSE_CONTEXT } from '../../lib/course-context';

/** The paper's address: the occasion, and its course as the course being worked on (the next tab keeps it). */
const paperQuery = (occasion: EntityRecord) =>
  new URLSearchParams({
    occasion: occasion.id,
    ...Object.fromEntries(COURSE_CONTEXT.flatMap((k) => (textOf(occasion[k]) ? [[k, textOf(occasion[k])]] : []))),
  }).toString();

/**
 * The row action that opens an occasion's question paper (ESE papers under Assessments > ESE Question Papers, ISE/MSE
 * papers and rubrics under their own tab), shared by the occasion list and the marks lists. The occasion's course goes
 * along, so the tab after the paper is still on that course.
 */
export function QuestionPaperButton({ occasion }: { occasion: EntityRecord }) {
  const navigate = useNavigate();
  const tab = occasion.kind === 'ESE' ? 'manage-ese-qp' : 'manage-ise-mse-qp-rubrics';
  return (
    <Button
      icon="pi pi-file-edit"
      rounded
      text
      aria-label={`Question paper of ${textOf(occasion.name)}`}
      onClick={() => navigate(`/assessments/${tab}?${paperQuery(occasion)}`)}
    />
  );
}
