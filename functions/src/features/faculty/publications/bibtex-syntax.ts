/** One BibTeX entry as written: its type (lower case), citation key and raw field values by lower-case name. */
export interface BibtexRawEntry {
  type: string;
  key: string;
  /** Values with `@string` names replaced and `#` concatenations joined; LaTeX and inner braces kept. */
  fields: Record<string, string>;
  /** Why the entry could not be read ("near line 12: a value opened with { is never closed"); its fields are then empty. */
  problem?: string;
}

/** Why an entry could not be read ("a value opened with { is never closed"), and the line (from 1) where reading stopped. */
class BibtexSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** BibTeX's predefined month strings (`month = dec`). */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NAME = /[^\s"#%'(),={}]+/y;
const TYPE = /[A-Za-z][\w-]*/y;
const SPACE = /\s*/y;

/**
 * A single-pass BibTeX reader (no recursion, linear in the text): `@type{key, name = value, ...}` or with
 * parentheses; values braced (nested braces kept), quoted (braces inside kept), numbers, `@string` names, joined
 * with `#`. `@string` definitions apply to what follows; `@preamble` and `@comment` are skipped, and so is any text
 * between entries (including an `@` that opens nothing). Backslash-escaped braces do not count as grouping.
 */
class Reader {
  private pos = 0;
  private readonly strings = new Map<string, string>(MONTHS.map((m) => [m, m]));
  constructor(private readonly text: string) {}

  /** Where each line after the first starts, found on the first problem. */
  private lineStarts: number[] | null = null;

  /** The line (from 1) of `at`: a binary search of the line starts. */
  private lineAt(at: number): number {
    if (!this.lineStarts) {
      this.lineStarts = [];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
    let lo = 0;
    let hi = this.lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lineStarts[mid] <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }

  private fail(what: string, at = this.pos): never {
    throw new BibtexSyntaxError(what, this.lineAt(at));
  }

  private skipSpace(): void {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.text);
    this.pos = SPACE.lastIndex;
  }

  /** The word at `this.pos` matching `re` (a sticky pattern), or '' (nothing consumed). */
  private name(re: RegExp = NAME): string {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) return '';
    this.pos = re.lastIndex;
    return m[0];
  }

  /** The text inside `{...}` starting at `this.pos` (on the `{`), nested braces kept. */
  private braced(): string {
    const start = this.pos;
    let depth = 0;
    for (let i = this.pos; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '\\') i++;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) {
        this.pos = i + 1;
        return this.text.slice(start + 1, i);
      }
    }
    return this.fail('a value opened with { is never closed', start);
  }

  /** The text inside `"..."` starting at `this.pos` (on the `"`); a `"` inside braces does not end it. */
  private quoted(): string {
    const start = this.pos;
    let depth = 0;
    for (let i = this.pos + 1; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '\\') i++;
      else if (ch === '{') depth++;
      else if (ch === '}') depth = Math.max(0, depth - 1);
      else if (ch === '"' && depth === 0) {
        this.pos = i + 1;
        return this.text.slice(start + 1, i);
      }
    }
    return this.fail('a value opened with " is never closed', start);
  }

  /** A value: parts joined by `#`. */
  private value(): string {
    let out = '';
    for (;;) {
      this.skipSpace();
      const ch = this.text[this.pos];
      if (ch === '{') out += this.braced();
      else if (ch === '"') out += this.quoted();
      else {
        const word = this.name();
        if (!word) this.fail('a field has no value');
        out += /^\d+$/.test(word) ? word : (this.strings.get(word.toLowerCase()) ?? '');
      }
      this.skipSpace();
      if (this.text[this.pos] !== '#') return out;
      this.pos++;
    }
  }

  /** `name = value` pairs up to the closing `close`, commas between (a trailing comma is fine). */
  private fields(close: string): Record<string, string> {
    const fields: Record<string, string> = {};
    for (;;) {
      this.skipSpace();
      const ch = this.text[this.pos];
      if (ch === close) {
        this.pos++;
        return fields;
      }
      if (ch === ',') {
        this.pos++;
        continue;
      }
      if (ch === undefined) this.fail(`an entry is never closed with ${close}`);
      const at = this.pos;
      const name = this.name().toLowerCase();
      this.skipSpace();
      if (!name || this.text[this.pos] !== '=') this.fail('expected a field as name = value', at);
      this.pos++;
      fields[name] = this.value();
    }
  }

  /**
   * Every entry of the text, in order. An entry that cannot be read is listed with its `problem`, and reading goes on
   * at the next line that starts with `@` (a value left open swallows the rest of the file: one problem then).
   */
  read(): BibtexRawEntry[] {
    const entries: BibtexRawEntry[] = [];
    for (;;) {
      const at = this.text.indexOf('@', this.pos);
      if (at < 0) return entries;
      this.pos = at + 1;
      this.skipSpace();
      const type = this.name(TYPE).toLowerCase();
      this.skipSpace();
      const open = this.text[this.pos];
      // An `@` that opens nothing (an e-mail address in a comment) is text between entries.
      if (!type || (open !== '{' && open !== '(')) continue;
      const close = open === '{' ? '}' : ')';
      let key = '';
      try {
        if (type === 'comment') {
          if (open === '{') this.braced();
          continue;
        }
        this.pos++;
        if (type === 'preamble') {
          this.value();
          this.fields(close);
        } else if (type === 'string') {
          const fields = this.fields(close);
          for (const [k, v] of Object.entries(fields)) this.strings.set(k, v);
        } else {
          this.skipSpace();
          const keyStart = this.pos;
          while (this.pos < this.text.length && !/[\s,]/.test(this.text[this.pos]) && this.text[this.pos] !== close) this.pos++;
          key = this.text.slice(keyStart, this.pos);
          entries.push({ type, key, fields: this.fields(close) });
        }
      } catch (e) {
        if (!(e instanceof BibtexSyntaxError)) throw e;
        if (type !== 'comment' && type !== 'preamble' && type !== 'string')
          entries.push({ type, key, fields: {}, problem: `near line ${e.line}: ${e.message}` });
        const next = this.text.indexOf('\n@', at);
        if (next < 0) return entries;
        this.pos = next + 1;
      }
    }
  }
}

/**
 * Reads the entries of BibTeX text (see `Reader` for the syntax accepted). Linear in the text's length, no
 * recursion: absurd nesting or a huge file cannot overflow the stack. Never throws: an entry that cannot be read
 * (a value or the entry left open, a malformed field) comes back with its `problem` and the line.
 * @returns the entries in file order (empty when the text has none)
 */
export function readBibtexSyntax(text: string): BibtexRawEntry[] {
  return new Reader(text).read();
}
