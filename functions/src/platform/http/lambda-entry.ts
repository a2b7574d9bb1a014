import { handle } from 'hono/aws-lambda';
import type { DomainModule } from './domain-module.js';
import { buildApp } from './app.js';

/** The Lambda handler of one domain: the domain's Hono app behind API Gateway's HTTP API ($default stage). */
export const lambdaHandler = (domain: DomainModule) => handle(buildApp([domain]));
