import type { PaperQuestion } from '@attain/shared-types';

/** A CO as the question paper offers it: id, code (`CO1`) and its own Bloom's level (`cognitive_domain`, an id). */
export interface PaperCo {
  id: string;
  code: string;
  bloom?: string;
}

/** A Bloom's level as the paper offers it: id, code (`K2`) and name (`Understand`). */
export interface PaperLevel {
  id: string;
  code: string;
  name: string;
}

/**
 * The Bloom's level a question takes from its CO: the CO's own level when the paper offers it (the K levels of the
 * cognitive domain), else none.
 */
export const bloomOfCo = (co: PaperCo | undefined, levels: readonly PaperLevel[]): string =>
  co?.bloom && levels.some((l) => l.id === co.bloom) ? co.bloom : '';

/**
 * The question after its CO is chosen: the CO set, and the Bloom's level taken from it while the question has none
 * or still holds the level of its previous CO (a level the person chose themselves is kept).
 */
export function withCo(q: PaperQuestion, coId: string, cos: readonly PaperCo[], levels: readonly PaperLevel[]): PaperQuestion {
  const before = bloomOfCo(
    cos.find((c) => c.id === q.co),
    levels,
  );
  const after = bloomOfCo(
    cos.find((c) => c.id === coId),
    levels,
  );
  const keep = q.bloom_level !== '' && q.bloom_level !== before;
  return { ...q, co: coId, bloom_level: keep ? q.bloom_level : after };
}

/**
 * A question paper pasted from a spreadsheet (rows by line, cells by tab): question number, maximum marks, CO code and,
 * optionally, Bloom's level (its code `K2` or name `Understand`; else the CO's own). A header row (a first row whose
 * marks are not a number) is skipped. Each problem names its row in people's words; a row with a problem is left out.
 * @returns the questions read (rubrics none) and the problems
 */
export function parsePaperPaste(
  text: string,
  cos: readonly PaperCo[],
  levels: readonly PaperLevel[],
): { questions: PaperQuestion[]; problems: string[] } {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const questions: PaperQuestion[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    const [number = '', marks = '', coCode = '', level = ''] = line.split('\t').map((c) => c.trim());
    const max = Number(marks);
    if (i === 0 && (marks === '' || Number.isNaN(max))) return; // a header row
    const row = `Row ${i + 1}`;
    if (!number) return void problems.push(`${row}: no question number`);
    if (!(max > 0)) return void problems.push(`${row} (question ${number}): "${marks}" is not a mark above 0`);
    const co = cos.find((c) => c.code.toLowerCase() === coCode.toLowerCase());
    if (!co) return void problems.push(`${row} (question ${number}): "${coCode}" is not a CO of this course`);
    let bloom = bloomOfCo(co, levels);
    if (level) {
      const named = levels.find((l) => l.code.toLowerCase() === level.toLowerCase() || l.name.toLowerCase() === level.toLowerCase());
      if (!named) return void problems.push(`${row} (question ${number}): "${level}" is not a Bloom's level offered here`);
      bloom = named.id;
    }
    questions.push({ number, max_marks: max, co: co.id, bloom_level: bloom });
  });
  return { questions, problems };
}
