import { objectOrEmpty } from '@attain/shared-types';

/** What a public call of the pages before sign-in came to: the server's sentence, or the one line to show instead. */
export type PublicCallResult = { ok: true; message: string } | { ok: false; error: string };

/** `v` when it is text, else `otherwise`. */
const textOr = (v: unknown, otherwise: string): string => (typeof v === 'string' ? v : otherwise);

/**
 * Sends `body` as JSON to one of the public routes (no token: these pages load none of the signed-in app; the
 * contract gives the method and path) and reads the answer: its `message`, or the refusal's message for `field`
 * (`errors.fields[field]`), else its `errors.detail`, else `failed`. A network failure says Attain could not be reached.
 * @param route the route's contract (`setPasswordRoute`, `forgotPasswordRoute`)
 */
export async function publicCall(
  route: { method: string; path: string },
  body: Record<string, unknown>,
  field: string,
  failed: string,
): Promise<PublicCallResult> {
  try {
    const res = await fetch(route.path, {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = objectOrEmpty(await res.json().catch(() => ({})));
    if (res.ok) return { ok: true, message: textOr(answer.message, '') };
    const errors = objectOrEmpty(answer.errors);
    return { ok: false, error: textOr(objectOrEmpty(errors.fields)[field], textOr(errors.detail, failed)) };
  } catch {
    return { ok: false, error: 'Attain could not be reached; try again' };
  }
}
