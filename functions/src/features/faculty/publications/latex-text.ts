/** Accent commands and the Unicode combining mark each puts on the letter that follows (`\'e` -> é after NFC). */
const ACCENTS: Record<string, string> = {
  '`': '\u0300',
  "'": '\u0301',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  u: '\u0306',
  '.': '\u0307',
  '"': '\u0308',
  r: '\u030A',
  H: '\u030B',
  v: '\u030C',
  d: '\u0323',
  c: '\u0327',
  k: '\u0328',
  b: '\u0331',
  t: '\u0361',
};

/** Letters and symbols written as control words (`\ss`, `\o`, `\ldots`), and a few Greek letters seen in titles. */
const WORDS: Record<string, string> = {
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
  dh: 'ð',
  DH: 'Ð',
  th: 'þ',
  TH: 'Þ',
  ng: 'ŋ',
  NG: 'Ŋ',
  ldots: '…',
  dots: '…',
  textendash: '–',
  textemdash: '—',
  textquoteleft: '‘',
  textquoteright: '’',
  textquotedblleft: '“',
  textquotedblright: '”',
  textregistered: '®',
  texttrademark: '™',
  copyright: '©',
  textcopyright: '©',
  textdegree: '°',
  textbackslash: '\uE004',
  textunderscore: '_',
  textasciitilde: '~',
  textbar: '|',
  textless: '<',
  textgreater: '>',
  S: '§',
  P: '¶',
  pounds: '£',
  euro: '€',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  omega: 'ω',
  Delta: 'Δ',
  Sigma: 'Σ',
  Omega: 'Ω',
  times: '×',
  pm: '±',
  leq: '≤',
  geq: '≥',
};

/** Characters escaped with a backslash in BibTeX values, kept out of the brace stripping by private-use stand-ins. */
const ESCAPED: Record<string, string> = { '{': '\uE000', '}': '\uE001', '&': '&', '%': '%', $: '\uE002', '#': '#', _: '_', ' ': ' ' };
const UNESCAPE: Record<string, string> = { '\uE000': '{', '\uE001': '}', '\uE002': '$', '\uE003': '~', '\uE004': '\\', '\uE005': '^' };

/** A letter an accent applies to: a plain letter, or the dotless `\i` / `\j` (which take the accent as i / j). */
const ACCENT_ARG = String.raw`(\\[ij](?![A-Za-z])|[A-Za-z])`;
const SYMBOL_ACCENT = new RegExp(String.raw`\\([\`'^"~=.])\s*(?:\{\s*${ACCENT_ARG}\s*\}|${ACCENT_ARG})`, 'g');
const LETTER_ACCENT = new RegExp(String.raw`\\([uvHckrdbt])(?:\s*\{\s*${ACCENT_ARG}\s*\}|\s+${ACCENT_ARG})`, 'g');

const accented = (command: string, a?: string, b?: string) => {
  const base = (a ?? b ?? '').replace(/^\\/, '');
  return base + ACCENTS[command];
};

/**
 * Turns a BibTeX value (LaTeX markup as written in a `.bib` file) into plain Unicode text, as a person reads it:
 * accents (`{\"u}`, `\'{e}`, `\c{c}`, `\v s`) become letters (NFC), `\ss`, `\o`, `\aa`... their letters, escaped
 * characters (`\&`, `\%`, `\_`, `\{`) themselves, `--` and `---` dashes, `~` a space, quotes (``` `` ```, `''`) curly;
 * formatting commands (`\emph{x}`, `\textbf{x}`) leave their text, math `$` signs and grouping braces go, and white
 * space (line breaks included) collapses to single spaces. Unknown commands keep their name without the backslash.
 * Never throws.
 */
export function latexToText(value: string): string {
  let s = value
    .replace(/\\~\{\}/g, '\uE003')
    .replace(/\\\^\{\}/g, '\uE005')
    // An accent on nothing (`\'{}`) is dropped.
    .replace(/\\[`'"=.]\{\}/g, '')
    .replace(SYMBOL_ACCENT, (_m, c: string, a?: string, b?: string) => accented(c, a, b))
    .replace(LETTER_ACCENT, (_m, c: string, a?: string, b?: string) => accented(c, a, b))
    .replace(/\\([{}&%$#_ ])/g, (_m, c: string) => ESCAPED[c])
    .replace(/\\\\/g, ' ')
    .replace(/\\([A-Za-z]+)\*?(\s*)/g, (_m, word: string, space: string) => {
      if (word in WORDS) return WORDS[word];
      // Formatting and grouping commands (`\emph`, `\textbf`, `\url`, `\mbox`, `\protect`) leave only their argument.
      if (
        /^(text[a-z]*|emph|math[a-z]*|mbox|hbox|url|ensuremath|protect|relax|noopsort|NoCaseChange|MakeUppercase|uppercase|lowercase)$/.test(
          word,
        )
      )
        return '';
      return word + space;
    })
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .replace(/~/g, ' ')
    // Grouping braces, math shifts and backslashes of commands that were not understood (`\'{}`) go.
    .replace(/[{}$\\]/g, '');
  s = s.replace(/[\uE000-\uE005]/g, (c) => UNESCAPE[c]);
  return s.replace(/\s+/g, ' ').trim().normalize('NFC');
}

/**
 * Reads a value that is not prose (a DOI, a URL, an ISSN): only grouping braces go and escaped characters (`\_`,
 * `\%`, `\&`, `\#`, `\~`) are unescaped; white space is removed. Never throws.
 */
export function latexVerbatim(value: string): string {
  return value
    .replace(/\\(?:textunderscore\b|_)/g, '_')
    .replace(/\\([%&#~$])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, '');
}
