import { type CitationEntry, personName } from './citation-entry.js';

/** A RIS line: a two-character tag, spaces, a hyphen and the value (`TY  - JOUR`; exporters vary the spacing). */
const TAG_LINE = /^([A-Z][A-Z0-9])\s{1,2}-(?: (.*))?$/;

/** Whether the text is RIS: some line starts a record (`TY  - `). */
export const looksLikeRis = (text: string): boolean => /^\s*TY\s{1,2}- ?\S/m.test(text);

/** The first value of the first of `tags` that the record has. */
const first = (rec: Map<string, string[]>, ...tags: string[]): string | undefined => {
  for (const t of tags) {
    const v = rec.get(t)?.find((x) => x.trim());
    if (v) return v.trim();
  }
  return undefined;
};

/** One RIS record as a citation entry (RIS has no markup: values are taken as they are, white space collapsed). */
function toEntry(rec: Map<string, string[]>, position: number): CitationEntry {
  const kind = first(rec, 'TY') ?? '';
  const conference = kind === 'CONF' || kind === 'CPAPER';
  const one = (...tags: string[]) => first(rec, ...tags)?.replace(/\s+/g, ' ');
  const start = one('SP');
  const end = one('EP');
  return {
    position,
    key: one('ID'),
    kind,
    title: one('TI', 'T1', 'CT'),
    // The journal (T2 in the current spec, JO/JF/JA/J2 in older ones); a conference paper's proceedings or meeting.
    container: conference ? one('T2', 'BT', 'C3', 'T3') : one('T2', 'JF', 'JO', 'JA', 'J2', 'BT'),
    authors: [...(rec.get('AU') ?? []), ...(rec.get('A1') ?? [])].map((a) => personName(a.replace(/\s+/g, ' ').trim())).filter(Boolean),
    year: one('PY', 'Y1', 'DA'),
    abstract: one('AB', 'N2'),
    publisher: one('PB'),
    volume: one('VL'),
    issue: one('IS'),
    // Some exporters put the whole range in SP (`SP  - 12-19`).
    pages: start && end && !start.includes('-') ? `${start}-${end}` : (start ?? end)?.replace(/\s*[–—-]+\s*/g, '-'),
    // SN holds an ISSN or an ISBN; the record keeps either in one field.
    issn: one('SN'),
    doi: one('DO')?.replace(/\s+/g, ''),
    url: one('UR', 'L2')?.replace(/\s+/g, ''),
    keywords: (rec.get('KW') ?? [])
      .flatMap((k) => k.split(/[;,]/))
      .map((k) => k.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  };
}

/**
 * Reads RIS text (the Research Information Systems tagged format: one `TAG  - value` per line, `TY` opens a record
 * and `ER` closes it). Repeatable tags (`AU`, `KW`) collect every value; a line without a tag continues the value
 * before it (exporters wrap long abstracts); lines outside a record are ignored, and a last record without `ER` is
 * still read. A byte-order mark and CR line ends are accepted.
 * @returns the records in file order (an empty list when the text holds none). Never throws.
 */
export function readRis(text: string): CitationEntry[] {
  const entries: CitationEntry[] = [];
  let rec: Map<string, string[]> | null = null;
  let last: string[] | null = null;
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const m = TAG_LINE.exec(line.trimEnd());
    if (!m) {
      // A continuation of the value before (a wrapped abstract).
      if (last && line.trim()) last[last.length - 1] += ` ${line.trim()}`;
      continue;
    }
    const [, tag, value = ''] = m;
    if (tag === 'TY') {
      if (rec) entries.push(toEntry(rec, entries.length + 1));
      rec = new Map([['TY', [value.trim()]]]);
      last = null;
    } else if (tag === 'ER') {
      if (rec) entries.push(toEntry(rec, entries.length + 1));
      rec = null;
      last = null;
    } else if (rec) {
      const values = rec.get(tag) ?? [];
      values.push(value);
      rec.set(tag, values);
      last = values;
    }
  }
  if (rec) entries.push(toEntry(rec, entries.length + 1));
  return entries;
}
