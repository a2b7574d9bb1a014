import { handle } from 'hono/aws-lambda';
import type { DomainModule } from './domain-module.js';
import { buildApp } from './app.js';
import { callerFromAuthorizer } from './authenticate.js';

/**
 * The Lambda handler of one domain: the domain's Hono app behind API Gateway's HTTP API ($default stage), trusting
 * the caller its Lambda authorizer verified (`functions/src/lambdas/api/authorizer.ts`).
 */
export const lambdaHandler = (domain: DomainModule) => handle(buildApp([domain], callerFromAuthorizer));
