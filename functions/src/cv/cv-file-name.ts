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

/**
 * The `Content-Disposition` of a download named `name`: `attachment; filename="<name>"` with the name in ASCII
 * (accents dropped, other letters `_`), plus `filename*=UTF-8''<name>` (RFC 6266 / 5987) when the name has more than
 * ASCII, so browsers save it under its own letters.
 */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return ascii === name
    ? `attachment; filename="${name}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/'/g, '%27')}`;
}
