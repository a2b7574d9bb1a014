import { readBibtexSyntax } from './bibtex-syntax.js';
import { type CitationEntry, personName } from './citation-entry.js';
import { latexToText, latexVerbatim } from './latex-text.js';

/** Splits a BibTeX name list on ` and ` outside braces (`{Barnes and Noble}` is one name). */
function splitNames(list: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\s/.test(ch)) {
      const m = /^\s+and\s+/i.exec(list.slice(i, i + 8));
      if (m) {
        names.push(list.slice(start, i));
        i += m[0].length - 1;
        start = i + 1;
      }
    }
  }
  names.push(list.slice(start));
  return names.map((n) => n.trim()).filter(Boolean);
}

/** Splits a name on commas outside braces, then reads it as "Given Family". */
function bibtexPerson(raw: string): string {
  if (raw.toLowerCase() === 'others') return 'et al.';
  let depth = 0;
  const protectedCommas = [...raw].map((ch) => {
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    return ch === ',' && depth > 0 ? '\uE010' : ch;
  });
  return personName(latexToText(protectedCommas.join(''))).replace(/\uE010/g, ',');
}

/** Keywords separated by commas or semicolons. */
const keywordList = (s: string) =>
  s
    .split(/[,;]/)
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * Reads BibTeX text (any number of entries, `@string` definitions, `@comment`s and text between entries, see
 * `readBibtexSyntax`), then turns each entry's fields into plain text (LaTeX decoded, see `latexToText`; DOIs, URLs
 * and ISSNs kept verbatim). Field names and types are case-insensitive; `journaltitle` (BibLaTeX) stands for
 * `journal`, `date` for `year`, `eventtitle` for a missing `booktitle`, `issue` for a missing `number`.
 * An entry that cannot be read keeps its `problem` (see `readBibtexSyntax`). Never throws.
 * @returns the entries in file order (an empty list when the text holds none)
 */
export function readBibtex(text: string): CitationEntry[] {
  return readBibtexSyntax(text).map((item, i) => {
    const raw = item.fields;
    const plain = (name: string) => (raw[name] ? latexToText(raw[name]) || undefined : undefined);
    const verbatim = (name: string) => (raw[name] ? latexVerbatim(raw[name]) || undefined : undefined);
    return {
      position: i + 1,
      key: item.key || undefined,
      kind: item.type,
      title: plain('title'),
      container: plain('journal') ?? plain('journaltitle') ?? plain('booktitle') ?? plain('eventtitle'),
      authors: raw.author ? splitNames(raw.author).map(bibtexPerson).filter(Boolean) : [],
      year: plain('year') ?? plain('date'),
      abstract: plain('abstract'),
      publisher: plain('publisher'),
      volume: plain('volume'),
      issue: plain('number') ?? plain('issue'),
      pages: plain('pages')?.replace(/\s*[–—-]+\s*/g, '-'),
      issn: verbatim('issn'),
      isbn: verbatim('isbn'),
      doi: verbatim('doi'),
      url: verbatim('url'),
      keywords: raw.keywords ? keywordList(latexToText(raw.keywords)) : [],
      ...(item.problem ? { problem: item.problem } : {}),
    };
  });
}
