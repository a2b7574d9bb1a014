import { describe, expect, it } from 'vitest';
import { formatCsv, neutralizeCell, restoreCell, safeCsvRow } from '../src/csv/formula-cells.js';

describe('CSV formula cells (OWASP CSV injection)', () => {
  const dangerous = ['=HYPERLINK("http://evil.example","click")', "+1+cmd|' /C calc'!A0", '@SUM(1+1)*cmd', '-2+3', '\t1', '\r1'];
  it('prefixes every cell a spreadsheet would run, and gives it back unchanged when read again', () => {
    for (const d of dangerous) {
      expect(neutralizeCell(d)).toBe(`'${d}`);
      expect(restoreCell(neutralizeCell(d))).toBe(d);
    }
  });
  it('leaves ordinary text, numbers and an apostrophe that guards nothing alone', () => {
    for (const t of ['Asha Rao', "O'Brien", "'plain", '12.5', 'AB', '']) {
      expect(neutralizeCell(t)).toBe(t);
      expect(restoreCell(t)).toBe(t);
    }
    expect(safeCsvRow([-3, '=1', null, undefined, true])).toEqual(['-3', "'=1", '', '', 'true']);
  });
});

describe('CSV cells split on any common separator (privacy and security, item 9)', () => {
  const hidden = ['a;=1+1', 'x,@SUM(1)', 'a\t=1', 'note\n-2+3', 'a;\t=1', '=1;+2,-3'];
  it('neutralizes a formula after a separator as it does at the start of a cell', () => {
    expect(neutralizeCell('a;=1+1')).toBe("a;'=1+1");
    expect(neutralizeCell('x,@SUM(1)')).toBe("x,'@SUM(1)");
    expect(neutralizeCell('\t=1')).toBe("'\t'=1");
    expect(neutralizeCell('=1;+2,-3')).toBe("'=1;'+2,'-3");
    expect(neutralizeCell('Rao; Asha, 2nd-year')).toBe('Rao; Asha, 2nd-year');
  });
  it('gives every cell back exactly when read again, apostrophes the writer did not add included', () => {
    for (const t of [...hidden, "'=1", "a;'=x", "a;''-b", "''@", "O'Brien;'s", "'plain"]) expect(restoreCell(neutralizeCell(t))).toBe(t);
  });
  it('quotes every cell holding a comma, semicolon, tab, quote or line break', () => {
    expect(formatCsv([['a;b', 'a\tb', 'a,b', 'say "hi"', 'two\nlines', 'plain', 12.5, null]])).toBe(
      '"a;b","a\tb","a,b","say ""hi""","two\nlines",plain,12.5,',
    );
    expect(
      formatCsv([
        ['h1', 'h2'],
        ['1', '2'],
      ]),
    ).toBe('h1,h2\r\n1,2');
  });
  it('leaves no part that would run, whichever separator a spreadsheet splits the file on, quotes honoured or not', () => {
    const file = formatCsv([hidden, ['-7', '@x']]);
    for (const separator of [',', ';', '\t', /\r?\n/]) {
      for (const part of file.split(separator)) expect(part.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
