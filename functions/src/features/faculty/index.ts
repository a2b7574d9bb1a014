/** The `faculty` feature as other features see it: everything they may import from it. */

export { cvInput } from './cv/cv-data.js';
export { pageFooter } from './cv/cv-docx.js';
export { fileNamePart } from './cv/cv-file-name.js';
export { type Pdf, BLUE, GREY, RULE, finishPdf, pdfText } from './cv/cv-pdf.js';
export { recordWhen } from './cv/record-order.js';
export { winAnsi } from './cv/win-ansi.js';
