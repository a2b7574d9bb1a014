/** `s` as HTML text: `& < > " '` written as character references, so it shows as typed and never as markup. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
