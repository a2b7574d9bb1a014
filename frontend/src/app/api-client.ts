import { type BodyOf, type ParamsOf, type QueryOf, type ResponseOf, type RouteContract, fillPath, isTextBody } from '@attain/shared-types';
import { type ApiOptions, api } from './api';

/** The parts of a call its contract asks for: path parameters, query and body, each typed from the contract. */
export type CallInput<C extends RouteContract> = (keyof ParamsOf<C> extends never ? { params?: undefined } : { params: ParamsOf<C> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query?: QueryOf<C> }) &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> });

/** The URL of a call: the contract's path with its parameters, and the query's defined values. */
export function callUrl<C extends RouteContract>(contract: C, input: CallInput<C>): string {
  const path = fillPath(contract.path, input.params as Record<string, string> | undefined);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.size ? `${path}?${q}` : path;
}

/**
 * Calls the route `contract` declares (decision 0038): the path, query and body are typed from the contract and the
 * answer is the contract's response type, so no call site names its own. A text body (CSV, RIS, BibTeX) goes with the
 * contract's first content type. Loading overlay, popups and errors as `api` (throws `ApiError`).
 */
export function call<C extends RouteContract>(contract: C, input: CallInput<C>, opts: ApiOptions = {}): Promise<ResponseOf<C>> {
  const text = isTextBody(contract.body) ? { contentType: contract.body.text[0] } : {};
  return api<ResponseOf<C>>(contract.method, callUrl(contract, input), input.body, { ...text, ...opts });
}
