/**
 * A record type's label as it reads inside a sentence ("Add course outcome", "No SAR section yet"): every word in lower
 * case except acronyms (a word starting with two capitals or digits, e.g. SAR, CO, PO1).
 */
export const inSentence = (label: string): string =>
  label
    .split(' ')
    .map((w) => (/^[A-Z0-9]{2}/.test(w) ? w : w.toLowerCase()))
    .join(' ');
