import {
  FederatedSignInRefused,
  type UserPoolTriggerEvent,
  preSignUp,
  preTokenGeneration,
} from '../../features/identity/federated-sign-in.js';
import { resetConfig } from '../../platform/lib/config.js';
import { log, loggedHandler } from '../../platform/lib/log.js';

/** Cognito's trigger event: the pool it comes from besides what the rules read. */
type CognitoTriggerEvent = UserPoolTriggerEvent & { userPoolId: string };

/**
 * The user pool's pre sign-up and pre token generation (version 1) triggers (decision 0063), told apart by the event's
 * `triggerSource`: a provider's identity signs in only as the Attain account the sign-in rule links it to, and its ID
 * token carries that account's campus, groups and id (`preSignUp`, `preTokenGeneration`); every other sign-up and
 * token passes unchanged. The pool is read from the event (the stack cannot name it in this function's environment:
 * the pool names this function). Cognito shows a thrown message to the browser as `PreSignUp failed with error
 * <message>.` (or `PreTokenGeneration ...`); a refusal is logged without the address.
 * @throws Error when the identity is refused, as the two rules say
 */
export const handler = loggedHandler(async (event: CognitoTriggerEvent) => {
  if (!process.env.USER_POOL_ID) {
    process.env.USER_POOL_ID = event.userPoolId;
    resetConfig();
  }
  try {
    return event.triggerSource.startsWith('TokenGeneration_') ? await preTokenGeneration(event) : await preSignUp(event);
  } catch (e) {
    if (e instanceof FederatedSignInRefused) log.info('federated sign-in refused', { trigger: event.triggerSource });
    throw e;
  }
});
