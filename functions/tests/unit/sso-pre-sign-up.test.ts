import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../src/lambdas/workers/sso-pre-sign-up.js';
import { config, resetConfig } from '../../src/platform/lib/config.js';

/**
 * The user pool's pre sign-up trigger (decision 0063) as Cognito calls it: any sign-up other than a provider's first
 * sign-in passes unchanged (an admin adding a user is one), and the pool comes from the event, since the stack cannot
 * name it in the function's environment. The provider's first sign-in itself is walked in the integration tests
 * (tests/integration/sso.test.ts), through the local pool domain that calls the same rule.
 */
const before = process.env.USER_POOL_ID;
afterEach(() => {
  if (before === undefined) delete process.env.USER_POOL_ID;
  else process.env.USER_POOL_ID = before;
  resetConfig();
});

describe('the pre sign-up trigger', () => {
  it("lets an admin's new user through unchanged, reading its pool from the event", async () => {
    delete process.env.USER_POOL_ID;
    resetConfig();
    const event = {
      triggerSource: 'PreSignUp_AdminCreateUser',
      userPoolId: 'ap-south-1_Pool1',
      userName: 'a1b2c3',
      request: { userAttributes: { email: 'meera@skcet.ac.in' } },
      response: { autoConfirmUser: false },
    };
    expect(await handler(event)).toBe(event);
    expect(config().userPoolId).toBe('ap-south-1_Pool1');
  });
});
