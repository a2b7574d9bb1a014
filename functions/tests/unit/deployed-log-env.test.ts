import { describe, expect, it } from 'vitest';
import { lambdaLogEnv } from '../../src/local/deployed/deployed-runtime.js';

/** What the deployed-shape run gives a function from its logging configuration, as Lambda does (docs/deployed-shape.md). */
describe("the deployed-shape run's log variables", () => {
  const alc = { logging: { format: 'JSON', applicationLevel: 'INFO' } };
  it("hands a function its template's log format and application level, as Lambda's Advanced Logging Controls do", () => {
    expect(lambdaLogEnv(alc)).toEqual({ AWS_LAMBDA_LOG_FORMAT: 'JSON', AWS_LAMBDA_LOG_LEVEL: 'INFO' });
  });
  it('raises the application level to what the run asks (DEBUG for its log file), which Powertools reads first', () => {
    expect(lambdaLogEnv(alc, 'DEBUG')).toEqual({ AWS_LAMBDA_LOG_FORMAT: 'JSON', AWS_LAMBDA_LOG_LEVEL: 'DEBUG' });
  });
  it('gives a function without an application level the asked level through POWERTOOLS_LOG_LEVEL, else nothing', () => {
    expect(lambdaLogEnv({ logging: {} }, 'DEBUG')).toEqual({ POWERTOOLS_LOG_LEVEL: 'DEBUG' });
    expect(lambdaLogEnv({ logging: {} })).toEqual({});
  });
});
