import { publicSiteOf } from '../../platform/lib/link-token.js';

/**
 * The user pool's domain, where `/oauth2/authorize`, `/oauth2/idpresponse` and `/oauth2/token` are answered: in AWS
 * the Cognito domain the stack made (`TOKEN_URL`, its `/oauth2/token`, set by the stack), on the local stack the local
 * server itself (decisions 0062, 0063).
 * @param requestUrl the request's URL (the local stack's origin when `TOKEN_URL` is unset)
 */
export const poolDomainUrl = (requestUrl: string): string =>
  process.env.TOKEN_URL ? process.env.TOKEN_URL.replace(/\/oauth2\/token\/?$/, '') : publicSiteOf(requestUrl);
