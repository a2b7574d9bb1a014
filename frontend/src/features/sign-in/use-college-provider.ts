import { useEffect, useState } from 'react';

/** `GET /api/auth/sso?domain=` (`SSO_LOOKUP_PATH` of shared-types, written out: the first page carries no shared-types code). */
const LOOKUP_PATH = '/api/auth/sso';
/** How long typing must pause before the address is looked up (ms): one lookup per address, not per key. */
const PAUSE_MS = 300;
const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** A college's provider as the sign-in lookup names it (`SsoLookup` of shared-types). */
export interface CollegeProvider {
  name: string;
  identity_provider: string;
}

/**
 * The provider of the college whose domain the typed address is in, once typing pauses: undefined for none, for
 * something not yet an address, or when the lookup fails (the password form stays, whatever happens). The answer says
 * nothing of whether the address has an account.
 */
export function useCollegeProvider(email: string): CollegeProvider | undefined {
  const [found, setFound] = useState<{ domain: string; provider?: CollegeProvider }>();
  const address = email.trim().toLowerCase();
  const domain = ADDRESS.test(address) ? address.slice(address.lastIndexOf('@') + 1) : '';
  useEffect(() => {
    if (!domain || found?.domain === domain) return;
    const stop = new AbortController();
    const wait = setTimeout(() => {
      // Only the domain is asked: the address stays in the browser.
      fetch(`${LOOKUP_PATH}?${new URLSearchParams({ domain })}`, { signal: stop.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ provider: CollegeProvider | null }>) : { provider: null }))
        .then((body) => setFound({ domain, provider: body.provider ?? undefined }))
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(wait);
      stop.abort();
    };
  }, [domain, found?.domain]);
  return domain && found?.domain === domain ? found.provider : undefined;
}
