import {
  FACULTY_RECORDS,
  attainmentMethod,
  batchPerformance,
  courseCurriculum,
  firstYearAcademics,
  genericProgramOutcome,
  occasion,
  profile,
  program,
  programType,
  sarSection,
  survey,
} from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { SUMMARY_RECORDS } from '../../src/platform/store/campus-changes.js';

describe('the record types that stamp a campus summary stale', () => {
  it('are exactly the registry entities the summaries count, by their current names', () => {
    const counted = [
      program,
      programType,
      genericProgramOutcome,
      attainmentMethod,
      profile,
      courseCurriculum,
      occasion,
      survey,
      batchPerformance,
      firstYearAcademics,
      sarSection,
      ...FACULTY_RECORDS,
    ];
    expect([...SUMMARY_RECORDS].sort()).toEqual(counted.map((d) => d.name).sort());
  });
});
