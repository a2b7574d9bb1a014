import type { Domain } from '@attain/shared-types';
import { handle } from 'hono/aws-lambda';
import { buildApp } from '../http/app.js';

/** The Lambda handler of one domain: the domain's Hono app behind API Gateway's HTTP API ($default stage). */
export const lambdaHandler = (domain: Domain) => handle(buildApp([domain]));
