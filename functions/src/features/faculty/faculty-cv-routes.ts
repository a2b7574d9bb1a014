import {
  type CvFormat,
  DOCX_TYPE,
  type EntityRecord,
  PDF_TYPE,
  dataViewer,
  facultyCvRoute,
  personalView,
  profile,
  may,
} from '@attain/shared-types';
import { cvInput } from './cv/cv-data.js';
import { cvDocx } from './cv/cv-docx.js';
import { cvFileName } from './cv/cv-file-name.js';
import { attachment } from '../../platform/lib/file-objects.js';
import { type CvDocument, buildCv } from './cv/cv-model.js';
import { cvPdf } from './cv/cv-pdf.js';
import { HttpError } from '../../platform/lib/errors.js';
import { findRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** Each format's MIME type and writer (each writer loads its library on first use). */
const WRITERS: Readonly<Record<CvFormat, { type: string; write: (cv: CvDocument) => Promise<Uint8Array> }>> = {
  docx: { type: DOCX_TYPE, write: cvDocx },
  pdf: { type: PDF_TYPE, write: cvPdf },
};

/**
 * `GET /api/faculty-cv?faculty=<profile id>&format=docx|pdf` (contract `facultyCvRoute`): a member's CV as a file
 * download with `Content-Disposition: attachment; filename="<First>-<Last>-CV.<ext>"`. Who may read whose CV follows
 * the personal records' rule: faculty only their own (`faculty` may be left out; anyone else's is 404, as for an
 * unknown id); campus admins (and group administrators, read-only) any member of the campus; another campus's id is
 * 404. The DOCX and PDF libraries are loaded on the first CV request only.
 */
export const FACULTY_CV_ENDPOINTS: readonly Endpoint[] = [
  endpoint(facultyCvRoute, async (c, { query }) => {
    const { caller, scope } = c.var;
    const format = query.format ?? 'docx';
    const id = query.faculty || caller.sub;
    // Faculty read only their own CV; another member's answers as an unknown one does.
    if (!may(caller, 'read-every-member') && id !== caller.sub) throw new HttpError(404, 'Faculty member not found');
    const stored = await findRecord(scope, profile, id);
    // A member reading their own CV before saving a profile gets one made of their e-mail and records.
    if (!stored && id !== caller.sub) throw new HttpError(404, 'Faculty member not found');
    // The CV shows what the reader may read of the member (`personalView`): a group administrator the directory only.
    const member = personalView(profile, (stored ?? { id }) as EntityRecord, dataViewer(caller, scope));
    const email = typeof member.email === 'string' ? member.email : id === caller.sub ? caller.user : '';
    const cv = buildCv(await cvInput(scope, member, email, new Date()));
    const writer = WRITERS[format];
    const bytes = await writer.write(cv);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': writer.type,
      'Content-Disposition': attachment(cvFileName(member.first_name, member.last_name, format)),
      'Cache-Control': 'no-store',
    });
  }),
];
