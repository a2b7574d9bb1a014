import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../src/lambdas/workers/sign-in-triggers.js';
import { config, resetConfig } from '../../src/platform/lib/config.js';

/**
 * The user pool's pre sign-up and pre token generation triggers (decision 0063) as Cognito calls them: any sign-up
 * other than a provider's first sign-in passes unchanged (an admin adding a user is one), so does a password account's
 * token (no claim added: it is the account's own), and the pool comes from the event, since the stack cannot name it in
 * the function's environment. A provider's sign-in itself is walked in the integration tests
 * (tests/integration/sso.test.ts), through the local pool domain that calls the same rules.
 */
const before = process.env.USER_POOL_ID;
afterEach(() => {
  if (before === undefined) delete process.env.USER_POOL_ID;
  else process.env.USER_POOL_ID = before;
  resetConfig();
});

describe('the sign-in triggers', () => {
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
  it("gives a password account's token nothing of its own: no campus, account or groups claim is added", async () => {
    process.env.USER_POOL_ID = 'ap-south-1_Pool1';
    resetConfig();
    for (const triggerSource of ['TokenGeneration_Authentication', 'TokenGeneration_RefreshTokens', 'TokenGeneration_HostedAuth']) {
      const event = {
        version: '1',
        triggerSource,
        userPoolId: 'ap-south-1_Pool1',
        userName: '5f0c2a1e-77aa-4b1e-9a51-0d6e1c1b7f10',
        request: { userAttributes: { sub: '5f0c2a1e-77aa-4b1e-9a51-0d6e1c1b7f10', email: 'meera@skcet.ac.in', 'custom:tenant': 'skcet' } },
        response: {},
      };
      const out = (await handler(event)) as { response: Record<string, unknown> };
      expect(out.response.claimsOverrideDetails).toBeUndefined();
    }
  });

  it("takes a user for a provider's identity only when its identities name the same provider and subject", async () => {
    process.env.USER_POOL_ID = 'ap-south-1_Pool1';
    resetConfig();
    // A password account whose username has an underscore and which carries identities of another user (as a link of
    // Cognito's own would leave): not a provider's identity, so its token gets nothing and is not refused.
    const event = {
      version: '1',
      triggerSource: 'TokenGeneration_Authentication',
      userPoolId: 'ap-south-1_Pool1',
      userName: 'meera_skcet',
      request: {
        userAttributes: {
          email: 'meera@skcet.ac.in',
          identities: JSON.stringify([{ providerName: 'campus-0123456789abcdef01234567', userId: '1049' }]),
        },
      },
      response: {},
    };
    const out = (await handler(event)) as { response: Record<string, unknown> };
    expect(out.response.claimsOverrideDetails).toBeUndefined();
  });
});
