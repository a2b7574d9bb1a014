/** The characters of Windows-1252 above Latin-1's control range that are not Latin-1 (the euro, dashes, quotes...). */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Characters outside Windows-1252 that have a plain spelling. */
const SPELLED: Readonly<Record<string, string>> = { '₹': 'Rs.', '−': '-', '‐': '-', '‑': '-', '≤': '<=', '≥': '>=', '✓': 'Yes' };

/**
 * Text the PDF's standard fonts can show (they encode Windows-1252, WinAnsi): every other character becomes its
 * plain spelling (`₹` -> `Rs.`), else its letter without accents (`ő` -> `o`), else `?`. Line breaks and tabs are
 * kept. Pure.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || ch === '\t' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) out += ch;
    else if (SPELLED[ch]) out += SPELLED[ch];
    else {
      const bare = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...bare].every((c) => (c.codePointAt(0) ?? 0) < 0x7f && (c.codePointAt(0) ?? 0) >= 0x20) && bare ? bare : '?';
    }
  }
  return out;
}
