import {
  SSO_CALLBACK_PAGE,
  API_KEY_SCOPES,
  API_KEY_SCOPE_LABELS,
  API_RESOURCE_SERVER,
  GROUP_ROLES,
  ID_TOKEN_VALIDITY_S,
  TENANT_ATTRIBUTE,
} from '@attain/shared-types';
import { Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { keepLogicalId } from '../nag.js';

/**
 * Sign-in (docs/design.md "Tenancy, roles, identity"): the Cognito user pool (e-mail sign-in, no self sign-up, the
 * immutable `custom:tenant` attribute = campus), the web client (USER_PASSWORD_AUTH and SRP) and one group per role
 * in `GROUP_ROLES`, and for API keys the `attain` resource server's scopes and the pool's domain, whose token endpoint
 * machine clients use (decision 0062). No props. The local stack builds the same pool in `functions/src/local/bootstrap.ts`.
 */
export class Identity extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** Where API keys' machine clients exchange their id and secret for an access token (the pool domain's `/oauth2/token`). */
  readonly tokenUrl: string;
  /** The pool domain (`https://<prefix>.auth.<region>.amazoncognito.com`): its `/oauth2/*` serve API keys and college sign-in. */
  readonly domainUrl: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      selfSignUpEnabled: false,
      customAttributes: { [TENANT_ATTRIBUTE]: new cognito.StringAttribute({ mutable: false, minLen: 1, maxLen: 64 }) },
      passwordPolicy: { minLength: 10, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    keepLogicalId(this.userPool, 'Users0A0EEA89');
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG2',
      reason: 'MFA is optional (TOTP) so that colleges can roll it out user by user; campus admins can require it later.',
    });

    this.webClient = this.userPool.addClient('Web', {
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.seconds(ID_TOKEN_VALIDITY_S),
      refreshTokenValidity: Duration.days(30),
      // Sign-in through a college's provider (decision 0063): the code grant with PKCE back to the site's callback page
      // (set by `allowSignInFrom`, once the site's address is known). The campuses' providers are added to this client
      // at run time by the auth Lambda (`SupportedIdentityProviders`), as campus admins set them.
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [`https://localhost${SSO_CALLBACK_PAGE}`],
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
    });
    keepLogicalId(this.webClient, 'UsersWebA39D1A70');

    for (const role of GROUP_ROLES) {
      const group = new cognito.CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: this.userPool.userPoolId, groupName: role });
      group.overrideLogicalId(`Group${role.replace(/[^A-Za-z0-9]/g, '')}`);
    }

    // API keys (decision 0062): each key is an app client the auth Lambda creates at run time, with a secret, the
    // client-credentials grant and some of this resource server's scopes; the pool's domain serves its tokens.
    new cognito.UserPoolResourceServer(this, 'ApiScopes', {
      userPool: this.userPool,
      identifier: API_RESOURCE_SERVER,
      userPoolResourceServerName: 'Attain API',
      scopes: API_KEY_SCOPES.map(
        (k) => new cognito.ResourceServerScope({ scopeName: k, scopeDescription: API_KEY_SCOPE_LABELS[k].slice(0, 256) }),
      ),
    });
    const domain = this.userPool.addDomain('TokenDomain', {
      // Globally unique per Region: the first 8 hex digits of the stack's id (lower case, as Cognito prefixes must be).
      cognitoDomain: {
        domainPrefix: Fn.join('-', ['attain', Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Stack.of(this).stackId))))]),
      },
    });
    this.domainUrl = domain.baseUrl();
    this.tokenUrl = `${this.domainUrl}/oauth2/token`;
  }

  /**
   * Sends college sign-ins back to `siteUrl`'s callback page only: the web client's one callback URL (the site is made
   * after the pool, so its address is set here, on the client's CloudFormation resource).
   */
  allowSignInFrom(siteUrl: string): void {
    (this.webClient.node.defaultChild as cognito.CfnUserPoolClient).callbackUrLs = [`${siteUrl}${SSO_CALLBACK_PAGE}`];
  }
}
