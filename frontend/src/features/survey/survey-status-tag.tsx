import type { SurveyStatus } from '@attain/shared-types';
import { Tag } from 'primereact/tag';

/** How each status looks: open green, scheduled blue, closed grey; always with its word. */
const SEVERITY: Readonly<Record<SurveyStatus, 'success' | 'info' | 'secondary'>> = {
  Scheduled: 'info',
  Open: 'success',
  Closed: 'secondary',
};

/** Where a survey stands by its dates (Scheduled, Open, Closed) as a coloured tag with its word. */
export function SurveyStatusTag({ status }: { status: SurveyStatus }) {
  return <Tag className="status-tag" severity={SEVERITY[status] ?? 'secondary'} value={status} />;
}
