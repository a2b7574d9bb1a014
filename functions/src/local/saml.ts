import * as xmllint from '@authenio/samlify-node-xmllint';
import samlify from 'samlify';
import { escapeHtml } from '../platform/lib/escape-html.js';

/**
 * `samlify` (SAML 2.0 service and identity providers, with XML signatures by `xml-crypto`), made ready once for the
 * local stack: every SAML message it reads is first checked against SAML's XML schemas (`@authenio/samlify-node-xmllint`,
 * libxml2 compiled to WebAssembly), as the library asks. Used by the local pool domain (`hosted-ui.ts`, the service
 * provider Cognito is in AWS) and the local SAML provider (`local-saml-idp.ts`). Never bundled into a Lambda.
 */
samlify.setSchemaValidator(xmllint);

export { samlify };

/** SAML's HTTP-POST and HTTP-Redirect bindings (SAML 2.0 Bindings, sections 3.5 and 3.4). */
export const SAML_BINDING = {
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
} as const;

/** The first value of a SAML attribute as `samlify` extracts it (one value, or several). */
export const firstValue = (v: unknown): string | undefined =>
  Array.isArray(v) ? (v.length ? String(v[0]) : undefined) : v === undefined || v === null ? undefined : String(v);

/**
 * The page that carries a SAML message to `action` with HTTP-POST (SAML 2.0 Bindings 3.5.4): a form of hidden `fields`,
 * sent at once by the browser, with a button for one that runs no script.
 */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>' +
    `<body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(action)}">${inputs}` +
    '<noscript><p>Your browser runs no scripts: press Continue.</p></noscript><button type="submit">Continue</button></form></body></html>'
  );
}
