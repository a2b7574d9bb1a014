import type { ScalePoint } from '@attain/shared-types';

/** A rating scale a template may start from. */
export interface ScalePreset {
  label: string;
  /** Lowest point first, as templates store their scales. */
  scale: readonly ScalePoint[];
}

/**
 * The scales templates start from (docs/decisions/0021-survey.md): the three-point course-exit scale colleges use
 * for CO attainment (Slight 0.33 / Moderate 0.67 / Substantial 1, as the CO-PO correlation levels) and the
 * five-point agreement scale (Likert: Strongly disagree 1 .. Strongly agree 5).
 */
export const SCALE_PRESETS: readonly ScalePreset[] = [
  {
    label: 'Three-point course exit',
    scale: [
      { label: 'Slight', weight: 0.33 },
      { label: 'Moderate', weight: 0.67 },
      { label: 'Substantial', weight: 1 },
    ],
  },
  {
    label: 'Five-point agreement',
    scale: [
      { label: 'Strongly disagree', weight: 1 },
      { label: 'Disagree', weight: 2 },
      { label: 'Neither agree nor disagree', weight: 3 },
      { label: 'Agree', weight: 4 },
      { label: 'Strongly agree', weight: 5 },
    ],
  },
];
