import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityRecord } from '@attain/shared-types';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCitationFile } from '../../src/features/faculty/publications/citation-file.js';
import { latexToText } from '../../src/features/faculty/publications/latex-text.js';
import { normaliseDoi } from '../../src/features/faculty/publications/publication-fields.js';
import { planPublicationImport } from '../../src/features/faculty/publications/publication-import-plan.js';
import { samePublication, titleKey } from '../../src/features/faculty/publications/publication-match.js';
import { HttpError } from '../../src/platform/lib/errors.js';
import { PRINCE_RIS, THREE_PAPERS_BIBTEX } from '../support/bibliography.js';

process.env.TABLE_NAME = 'attain-test';
process.env.AWS_REGION = 'ap-south-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';
const { importPublications } = await import('../../src/features/faculty/publications/publication-import.js');

/** Gödel (1931) and Erdős & Rényi (1959) as BibTeX writes them: accents in LaTeX, the second without a DOI. */
const ACCENTED = String.raw`
@article{goedel1931,
  author  = {G{\"o}del, Kurt},
  title   = {{\"U}ber formal unentscheidbare S{\"a}tze der {P}rincipia {M}athematica und verwandter {S}ysteme {I}},
  journal = {Monatshefte f\"{u}r Mathematik und Physik},
  volume  = 38, pages = {173--198}, year = 1931,
  doi     = {10.1007/BF01700692}
}
@article (erdos1959,
  author  = "Erd{\H{o}}s, P{\'a}l and R{\'e}nyi, Alfr{\'e}d",
  title   = "On random graphs {I}",
  journal = "Publicationes Mathematicae Debrecen",
  volume  = 6, pages = "290--297", year = "1959"
)`;

/** A stored publication of the member (system fields included). */
const stored = (id: string, fields: Record<string, unknown>, version = 1): EntityRecord => ({
  id,
  version,
  created_by: 'teacher@attain.example',
  created_at: '2026-01-01T00:00:00Z',
  updated_by: 'teacher@attain.example',
  updated_at: '2026-01-01T00:00:00Z',
  type: 'Journal',
  status: 'Published',
  level_status: 'National',
  faculty: 'member-1',
  ...fields,
});

const fileError = (text: string) => {
  try {
    readCitationFile(text);
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('reading BibTeX', () => {
  it('turns LaTeX accents, escapes, dashes and braces into plain text', () => {
    expect(latexToText(String.raw`{\"U}ber S{\"a}tze f\"{u}r {\H{o}} R{\'e}nyi \c{c}a \v s Stra\ss e {\o}re \aa`)).toBe(
      'Über Sätze für ő Rényi ça š Straße øre å',
    );
    expect(latexToText(String.raw`Teaching \& Learning: 50\% {GPU}-based, pages 1--2 --- \emph{really} ~done \$5`)).toBe(
      'Teaching & Learning: 50% GPU-based, pages 1–2 — really done $5',
    );
    expect(latexToText(String.raw`\'{\i}ndice na\"{\i}ve \textbf{bold} \unknown{x} \'{} x\^{}2`)).toBe('índice naïve bold unknownx x^2');
  });

  it('reads entries with @string names, comments, parentheses, quoted values and LaTeX accents', () => {
    const file = readCitationFile(`${THREE_PAPERS_BIBTEX}\n${ACCENTED}`);
    expect(file.format).toBe('bibtex');
    expect(file.entries.map((e) => e.key)).toEqual(['prince2004active', 'freeman2014active', 'crawley2011cdio', 'goedel1931', 'erdos1959']);
    const [prince, freeman, crawley, goedel, erdos] = file.entries;
    expect(prince).toMatchObject({
      kind: 'article',
      title: 'Does Active Learning Work? A Review of the Research',
      container: 'Journal of Engineering Education',
      authors: ['Michael Prince'],
      pages: '223-231',
      keywords: ['active learning', 'collaborative learning', 'cooperative learning', 'problem-based learning'],
    });
    expect(freeman.authors).toHaveLength(7);
    expect(freeman.authors[6]).toBe('Mary Pat Wenderoth');
    expect(crawley).toMatchObject({ kind: 'inproceedings', container: 'Proceedings of the 7th International CDIO Conference' });
    expect(goedel).toMatchObject({
      title: 'Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I',
      container: 'Monatshefte für Mathematik und Physik',
      authors: ['Kurt Gödel'],
      doi: '10.1007/BF01700692',
    });
    expect(erdos).toMatchObject({ title: 'On random graphs I', authors: ['Pál Erdős', 'Alfréd Rényi'], year: '1959', pages: '290-297' });
  });

  it('lists an entry it cannot read with its line and reads on from the next entry', () => {
    const broken = THREE_PAPERS_BIBTEX.replace('number    = {3},', 'number    = 3 4,');
    const file = readCitationFile(broken);
    expect(file.entries).toHaveLength(3);
    expect(file.entries[0].problem).toBe('near line 9: expected a field as name = value');
    const plan = planPublicationImport(file.entries, [], 'International');
    expect(plan.map((p) => p.status)).toEqual(['skipped', 'new', 'new']);
    expect(plan[0].reason).toMatch(/^Not readable near line/);
  });

  it('refuses (400, errors.fields.file) an empty file, one that is neither format, and BibTeX of which nothing can be read', () => {
    for (const [text, file] of [
      ['', 'Required'],
      ['  \n', 'Required'],
      ['just some words, no entries', 'Not BibTeX or RIS'],
      ['\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', 'Not BibTeX or RIS'],
      ['@article{x, title = {never closed', 'Not readable'],
      ['@comment{only a comment}', 'No entries'],
    ] as const) {
      const e = fileError(text);
      expect(e, JSON.stringify(text)).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(400);
      expect((e as HttpError).fields).toEqual({ file });
    }
    expect((fileError('@article{x, title = {never closed') as HttpError).detail).toBe(
      'The BibTeX file could not be read near line 1: a value opened with { is never closed',
    );
  });

  it('never fails otherwise on any text: a file is read or refused with a 400, and its plan is made', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 400 })), (tail) => {
        for (const text of [tail, `@article{k, title = {${tail}}, journal = {J}, year = 2020}`, `TY  - JOUR\nTI  - ${tail}\n${tail}`]) {
          try {
            planPublicationImport(readCitationFile(text).entries, [], 'International');
          } catch (e) {
            expect(e).toBeInstanceOf(HttpError);
            expect((e as HttpError).status).toBe(400);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('reading RIS', () => {
  it('reads tagged records: repeated authors, start and end pages, a DOI behind a resolver, CR line ends', () => {
    const file = readCitationFile(PRINCE_RIS);
    expect(file.format).toBe('ris');
    expect(file.entries).toHaveLength(1);
    expect(file.entries[0]).toMatchObject({
      kind: 'JOUR',
      title: 'Does Active Learning Work? A Review of the Research',
      container: 'Journal of Engineering Education',
      authors: ['Michael Prince'],
      year: '2004',
      pages: '223-231',
      issn: '1069-4730',
    });
    const plan = planPublicationImport(file.entries, [], 'International');
    expect(plan[0]).toMatchObject({ status: 'new', doi: '10.1002/J.2168-9830.2004.TB00809.X' });
  });

  it('joins wrapped lines to the value before and reads a last record without ER', () => {
    const ris =
      'TY  - CONF\nTI  - Engineering design thinking\nAB  - A first line\n  wrapped on.\nT2  - Some conference\nPY  - 2005///\nKW  - design; teaching';
    const [e] = readCitationFile(ris).entries;
    expect(e).toMatchObject({
      kind: 'CONF',
      abstract: 'A first line wrapped on.',
      container: 'Some conference',
      keywords: ['design', 'teaching'],
    });
    expect(planPublicationImport([e], [], 'National')[0]).toMatchObject({ status: 'new', year: 2005 });
  });
});

describe('mapping and matching', () => {
  it('maps an entry onto the research-publication fields that validate as the CRUD route does', () => {
    const plan = planPublicationImport(readCitationFile(THREE_PAPERS_BIBTEX).entries, [], 'International');
    expect(plan.map((p) => p.status)).toEqual(['new', 'new', 'new']);
    expect(plan[0].data).toEqual({
      paper_title: 'Does Active Learning Work? A Review of the Research',
      type: 'Journal',
      journal_title: 'Journal of Engineering Education',
      status: 'Published',
      level_status: 'International',
      authors: 'Michael Prince',
      publication_year: 2004,
      publisher: 'Wiley',
      volume_no: '93',
      issue_no: '3',
      page_no: '223-231',
      issn_isbn: '1069-4730',
      direct_object_identifier: '10.1002/j.2168-9830.2004.tb00809.x',
      index_terms: 'active learning, collaborative learning, cooperative learning, problem-based learning',
    });
    expect(plan[1].data).toMatchObject({
      direct_object_identifier: '10.1073/pnas.1319030111',
      authors: 'Scott Freeman, Sarah L. Eddy, Miles McDonough, Michelle K. Smith, Nnadozie Okoroafor, Hannah Jordt, Mary Pat Wenderoth',
      published_url: 'https://www.pnas.org/doi/10.1073/pnas.1319030111',
    });
    expect(plan[2].data).toMatchObject({ type: 'Conference', publisher: 'Technical University of Denmark', publication_year: 2011 });
  });

  it('normalises DOIs and titles for matching', () => {
    expect(normaliseDoi(' https://dx.doi.org/10.1002/J.2168-9830.2004.TB00809.X ')).toBe('10.1002/J.2168-9830.2004.TB00809.X');
    expect(normaliseDoi('doi:10.1007/BF01700692')).toBe('10.1007/BF01700692');
    expect(normaliseDoi('https://doi.org/10.1002/%28SICI%291097')).toBe('10.1002/(SICI)1097');
    expect(titleKey('The {CDIO} Syllabus v2.0: An  Updated Statement')).toBe(titleKey('the cdio syllabus v2.0 — an updated statement'));
    expect(titleKey('Über Sätze')).toBe('ubersatze');
    // Two different DOIs are two publications, whatever their titles; without a DOI on one side, title and year decide.
    const a = { direct_object_identifier: '10.1/a', paper_title: 'Same', publication_year: 2020 };
    expect(samePublication(a, { ...a, direct_object_identifier: '10.1/b' })).toBe(false);
    expect(samePublication(a, { ...a, direct_object_identifier: '10.1/A' })).toBe(true);
    expect(samePublication(a, { paper_title: 'same!', publication_year: 2020 })).toBe(true);
    expect(samePublication(a, { paper_title: 'same', publication_year: 2021 })).toBe(false);
  });

  it('matches by DOI, else by title and year; unchanged when every given field is as stored, else updated with the fields', () => {
    const entries = readCitationFile(`${THREE_PAPERS_BIBTEX}\n${ACCENTED}`).entries;
    const prince = planPublicationImport(entries, [], 'International')[0].data as Record<string, unknown>;
    const existing = [
      // Prince as imported before, with the DOI in capitals and fields only the form sets (kept on update).
      stored('p-1', {
        ...prince,
        direct_object_identifier: '10.1002/J.2168-9830.2004.TB00809.X',
        impact_factor: 2.5,
        level_status: 'National',
      }),
      // Crawley typed by hand, no DOI, another spelling of the title and other pages: matched by title + year.
      stored('p-2', {
        paper_title: 'The CDIO syllabus v2.0 - an updated statement of goals for engineering education',
        type: 'Conference',
        journal_title: 'CDIO 2011',
        publication_year: 2011,
      }),
      // Erdős & Rényi stored with another year: not the same publication.
      stored('p-3', { paper_title: 'On Random Graphs I', journal_title: 'Publicationes Mathematicae Debrecen', publication_year: 1960 }),
    ];
    const plan = planPublicationImport(entries, existing, 'International');
    expect(plan.map((p) => [p.key, p.status, p.id])).toEqual([
      ['prince2004active', 'unchanged', 'p-1'],
      ['freeman2014active', 'new', undefined],
      ['crawley2011cdio', 'updated', 'p-2'],
      ['goedel1931', 'new', undefined],
      ['erdos1959', 'new', undefined],
    ]);
    expect(plan[2].changed_fields).toEqual(['paper_title', 'journal_title', 'authors', 'publisher']);
    // The update keeps what the file does not give (status, level) and writes at the stored version.
    expect(plan[2]).toMatchObject({
      version: 1,
      data: { level_status: 'National', journal_title: 'Proceedings of the 7th International CDIO Conference' },
    });
  });

  it('skips what is not a paper, a value the record cannot hold, and the same publication twice in one file', () => {
    const bib = String.raw`
@book{b, title = {Teaching and Learning STEM}, author = {Felder, Richard M. and Brent, Rebecca}, year = 2016, publisher = {Jossey-Bass}}
@article{p1, title = {Does Active Learning Work? A Review of the Research}, journal = {JEE}, year = 2004, doi = {10.1002/j.2168-9830.2004.tb00809.x}}
@article{p2, title = {Does active learning work - a review of the research}, journal = {JEE}, year = 2004}
@article{long, title = {Pages too long}, journal = {J}, year = 2020, pages = {e1234567--e1234599, supplementary}}
@article{nodoi, title = {A DOI that is not one}, journal = {J}, year = 2020, doi = {not-a-doi}}
@article{notitle, journal = {J}, year = 2020}
@article{abs, title = {A long abstract}, journal = {J}, year = 2020, abstract = {${'word '.repeat(1200)}}}`;
    const plan = planPublicationImport(readCitationFile(bib).entries, [], 'International');
    expect(plan.map((p) => p.status)).toEqual(['skipped', 'new', 'skipped', 'skipped', 'skipped', 'skipped', 'new']);
    expect(plan[0].reason).toBe('A book entry is not a journal or conference paper (books and chapters have their own pages)');
    expect(plan[2].reason).toBe('The same publication as entry 2 of the file');
    expect(plan[3].reason).toBe('Pages: Too Long!');
    expect(plan[4].reason).toBe('DOI: Not a valid DOI (10.xxxx/...)');
    expect(plan[5].reason).toBe('Paper title: Required');
    expect(plan[6].notes).toEqual(['Abstract shortened to 5,000 characters']);
    expect(String(plan[6].data?.abstract)).toHaveLength(5000);
  });
});

describe('importing', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  const scope = { campus: 'demo', actor: 'teacher@attain.example', access: 'read-write' as const };
  beforeEach(() => ddb.reset());

  it('replaces a changed publication at the version it read, so an edit made meanwhile is a 409', async () => {
    const item = stored('0196f0b8-0000-7000-8000-000000000001', {
      paper_title: 'Does Active Learning Work? A Review of the Research',
      journal_title: 'J. Eng. Educ.',
      publication_year: 2004,
      direct_object_identifier: '10.1002/j.2168-9830.2004.tb00809.x',
    });
    ddb.on(QueryCommand).resolves({ Items: [item] });
    // The record as read before the replace (its audit entry needs the old values); someone saved it meanwhile, so the
    // transaction's version condition fails.
    ddb.on(GetCommand).resolves({ Item: item });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    const preview = await importPublications(scope, PRINCE_RIS, { owner: 'member-1', level: 'International', dryRun: true });
    expect(preview.entries[0]).toMatchObject({
      status: 'updated',
      changed_fields: ['journal_title', 'authors', 'volume_no', 'issue_no', 'page_no', 'issn_isbn'],
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    await expect(importPublications(scope, PRINCE_RIS, { owner: 'member-1', level: 'International', dryRun: false })).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    const [update, ...rest] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems ?? [];
    expect(update.Update?.ExpressionAttributeValues?.[':v']).toBe(1);
    expect(rest.map((i) => i.Put?.Item?.entityType)).toEqual(['audit']);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
