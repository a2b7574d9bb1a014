import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell, safeCsvRow } from '../src/csv/formula-cells.js';

describe('CSV formula cells (OWASP CSV injection)', () => {
  const dangerous = ['=HYPERLINK("http://evil.example","click")', "+1+cmd|' /C calc'!A0", '@SUM(1+1)*cmd', '-2+3', '\t=1', '\r=1'];
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
