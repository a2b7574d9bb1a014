/** The MIME type of a Word document (DOCX), as the CV and the SAR are downloaded. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The MIME type of a PDF. */
export const PDF_TYPE = 'application/pdf';
