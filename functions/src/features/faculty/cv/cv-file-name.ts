/**
 * The file name of a member's CV: `<First>-<Last>-CV.<ext>`, each name's words joined by hyphens (`Mary Ann` ->
 * `Mary-Ann`), `CV.<ext>` when the profile has no names. Characters that a file name or a header cannot carry
 * (`"`, `\`, `/`, `:`, control characters...) are left out; letters of any script are kept.
 */
export function cvFileName(first: unknown, last: unknown, ext: 'docx' | 'pdf'): string {
  return [fileNamePart(first), fileNamePart(last), `CV.${ext}`].filter(Boolean).join('-');
}

/**
 * A value as part of a file name: its words joined by hyphens, letters and digits of any script kept, characters a
 * file name or a header cannot carry left out; '' for anything but text.
 */
export const fileNamePart = (v: unknown): string =>
  typeof v === 'string'
    ? v
        .normalize('NFC')
        .replace(/[^\p{L}\p{N}.'-]+/gu, ' ')
        .trim()
        .replace(/\s+/g, '-')
    : '';
