/**
 * Real engineering-education publications (titles, authors, venues, pages, years and DOIs as published) as BibTeX
 * and RIS files, for the publication-import tests. The CDIO paper has no DOI, so it is matched by title and year.
 */

/** Prince (2004), Freeman et al. (2014) and Crawley et al. (2011, conference, no DOI), with a `@string` and a comment. */
export const THREE_PAPERS_BIBTEX = String.raw`% Exported from a reference manager
@string{jee = "Journal of Engineering Education"}

@article{prince2004active,
  author    = {Prince, Michael},
  title     = {Does Active Learning Work? {A} Review of the Research},
  journal   = jee,
  volume    = {93},
  number    = {3},
  pages     = {223--231},
  year      = {2004},
  publisher = {Wiley},
  issn      = {1069-4730},
  doi       = {10.1002/j.2168-9830.2004.tb00809.x},
  keywords  = {active learning; collaborative learning; cooperative learning; problem-based learning}
}

@Article{freeman2014active,
  author  = {Freeman, Scott and Eddy, Sarah L. and McDonough, Miles and Smith, Michelle K. and Okoroafor, Nnadozie
             and Jordt, Hannah and Wenderoth, Mary Pat},
  title   = {Active learning increases student performance in science, engineering, and mathematics},
  journal = {Proceedings of the National Academy of Sciences},
  volume  = {111},
  number  = {23},
  pages   = {8410--8415},
  year    = {2014},
  doi     = {https://doi.org/10.1073/pnas.1319030111},
  url     = {https://www.pnas.org/doi/10.1073/pnas.1319030111}
}

@inproceedings{crawley2011cdio,
  author    = {Crawley, Edward F. and Malmqvist, Johan and Lucas, William A. and Brodeur, Doris R.},
  title     = {The {CDIO} Syllabus v2.0: An Updated Statement of Goals for Engineering Education},
  booktitle = {Proceedings of the 7th International {CDIO} Conference},
  address   = {Copenhagen, Denmark},
  publisher = {Technical University of Denmark},
  year      = {2011}
}
`;

/** Prince (2004) as a RIS record: the DOI in upper case behind a resolver, authors and keywords repeated. */
export const PRINCE_RIS = [
  'TY  - JOUR',
  'AU  - Prince, Michael',
  'TI  - Does Active Learning Work? A Review of the Research',
  'T2  - Journal of Engineering Education',
  'PY  - 2004',
  'VL  - 93',
  'IS  - 3',
  'SP  - 223',
  'EP  - 231',
  'SN  - 1069-4730',
  'DO  - https://doi.org/10.1002/J.2168-9830.2004.TB00809.X',
  'ER  - ',
  '',
].join('\r\n');
