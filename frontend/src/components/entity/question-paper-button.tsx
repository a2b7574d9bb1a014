import { type EntityRecord, textOf } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';

/**
 * The row action that opens an occasion's question paper (ESE papers under Assessments > ESE Question Papers, ISE/MSE
 * papers and rubrics under their own tab), shared by the occasion list and the marks lists.
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
      onClick={() => navigate(`/assessments/${tab}?occasion=${occasion.id}`)}
    />
  );
}
