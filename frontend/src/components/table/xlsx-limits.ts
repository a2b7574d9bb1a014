/** Largest total size (bytes) an XLSX workbook's parts may unpack to before it is refused (a 10,000-student sheet is ~5 MB). */
export const XLSX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** How long (ms) reading a workbook may take before the page gives up on it. */
export const XLSX_READ_TIMEOUT_MS = 30_000;

/** What the XLSX worker answers: the sheet's rows as text cells, or why it could not read them. */
export type XlsxReply = { ok: true; rows: string[][] } | { ok: false; reason: 'corrupt' | 'too-big' };

/** The sentence a person sees when a workbook cannot be read. */
export const XLSX_MESSAGES: Record<'corrupt' | 'too-big' | 'timeout', string> = {
  corrupt:
    'This file is not a readable XLSX workbook: open it in your spreadsheet program, save it again as .xlsx (or as CSV) and choose it again',
  'too-big':
    `This workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB, far more than a marks sheet: ` +
    'choose the filled template, or save it as CSV',
  timeout: `Reading this workbook took longer than ${XLSX_READ_TIMEOUT_MS / 1000} s, so it was stopped: save it as CSV and choose that instead`,
};
