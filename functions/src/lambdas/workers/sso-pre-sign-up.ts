import { FederatedSignInRefused, type PreSignUpEvent, preSignUp } from '../../features/identity/federated-sign-in.js';
import { resetConfig } from '../../platform/lib/config.js';
import { log, loggedHandler } from '../../platform/lib/log.js';

/** Cognito's pre sign-up event: the pool it comes from besides what the rule reads. */
type CognitoPreSignUpEvent = PreSignUpEvent & { userPoolId: string };

/**
 * The user pool's pre sign-up trigger (decision 0063): a first sign-in through a college's provider is linked to the
 * person's existing account, or refused, by `preSignUp`; every other sign-up passes unchanged. The pool is read from
 * the event (the stack cannot name it in this function's environment: the pool names this function). Cognito shows the
 * thrown message to the browser as `PreSignUp failed with error <message>.`; a refusal is logged without the address.
 * @throws Error always for a provider's first sign-in (linked, or refused), as `preSignUp` says
 */
export const handler = loggedHandler(async (event: CognitoPreSignUpEvent) => {
  if (!process.env.USER_POOL_ID) {
    process.env.USER_POOL_ID = event.userPoolId;
    resetConfig();
  }
  try {
    return await preSignUp(event);
  } catch (e) {
    if (e instanceof FederatedSignInRefused) log.info('federated sign-in refused', { trigger: event.triggerSource });
    throw e;
  }
});
