/**
 * What the browser needs to sign in: `/config.json`, served by the local server and, in the cloud, written into the
 * site bucket by the stack (infra/lib/constructs/site.ts).
 */
export interface PublicConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (the local emulator through the local server); absent in the cloud. */
  userPoolEndpoint?: string;
  /**
   * The user pool domain, where sign-in through a college's provider runs (`/oauth2/authorize`, `/oauth2/token`;
   * decision 0063), and the issuer its tokens name. Absent: only passwords.
   */
  oauthDomain?: string;
  oauthIssuer?: string;
}
