import { sarFiguresDomain } from '../bundles/sar-figures.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `sar-figures` domain (a program's batches and the first year's figures). */
export const handler = lambdaHandler(sarFiguresDomain);
