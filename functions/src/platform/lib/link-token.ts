import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens of links mailed to people (a new member's set-password link, a survey invitee's personal link): 256 random
 * bits, base64url (43 characters), unguessable; only their SHA-256 (hex) is stored, so a copy of the table cannot
 * answer or use them.
 */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a link token: its SHA-256 in hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether text can be a token of ours (43 base64url characters): anything else is refused before any read. */
export const isLinkToken = (text: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(text);

/**
 * The address people open Attain at, for links a signed-in member's request mails: `SITE_URL` (set by the stack in
 * AWS: the site's own address), else the request's Origin (the local stack), else the request's own.
 */
export const siteOf = (origin: string | undefined, requestUrl: string): string =>
  (process.env.SITE_URL || origin || new URL(requestUrl).origin).replace(/\/+$/, '');

/**
 * The address for links a public request mails ("Forgot password?"): `SITE_URL`, else the request's own origin, never
 * its Origin header, which anyone can set, so a link to the account's password cannot be made to point elsewhere.
 */
export const publicSiteOf = (requestUrl: string): string => (process.env.SITE_URL || new URL(requestUrl).origin).replace(/\/+$/, '');
