import { fieldSchema } from '@attain/shared-types';

/** One address as the server checks it (an `email` field: trimmed, at most 254 characters, `Not valid email`). */
const ADDRESS = fieldSchema({ name: 'address', label: 'Address', kind: 'email', required: true });

/** Whether `address` passes the server's e-mail check. */
export const isEmailAddress = (address: string): boolean => ADDRESS.safeParse(address).success;

/** What separates addresses in typed or pasted text: commas, semicolons, white space and line breaks. */
export const ADDRESS_SEPARATOR = /[\s,;]+/;

/**
 * The addresses in typed or pasted text, lower-cased, in order: separated by commas, semicolons, white space or
 * line breaks; a mail program's `"Asha Rao" <asha@x.edu>` gives the address between the angle brackets.
 */
export function splitAddresses(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[,;\n\r]+/)) {
    const bracketed = [...part.matchAll(/<([^<>]*)>/g)].map((m) => m[1]);
    for (const token of bracketed.length ? bracketed : part.split(ADDRESS_SEPARATOR)) {
      const address = token
        .trim()
        .replace(/^["']|["']$/g, '')
        .toLowerCase();
      if (address) out.push(address);
    }
  }
  return out;
}

/**
 * `current` with the addresses of `text` added at the end, each once (lower-cased).
 * @returns the new list and how many of the addresses read were new
 */
export function addAddresses(current: readonly string[], text: string | readonly string[]): { list: string[]; added: number } {
  const seen = new Set(current);
  const list = [...current];
  for (const a of typeof text === 'string' ? splitAddresses(text) : text.map((t) => t.trim().toLowerCase())) {
    if (!a || seen.has(a)) continue;
    seen.add(a);
    list.push(a);
  }
  return { list, added: list.length - current.length };
}
