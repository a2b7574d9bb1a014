/**
 * Validation messages, exactly as the spec words them (spec part 1 §5, spec part 2 §5 and §8).
 * Both the server (400 `errors.fields`) and the forms show these strings.
 */
export const MESSAGES = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  email: 'Not valid email',
  digits: 'Digit only!',
  choice: 'Not one of the allowed choices',
  boolean: 'Must be true or false',
  date: 'Not a valid date (YYYY-MM-DD)',
  unknown: 'Unknown field',
  created: 'successfully created',
} as const;
