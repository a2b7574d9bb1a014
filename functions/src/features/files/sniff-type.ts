import type { FileContentType } from '@attain/shared-types';

/**
 * The file signatures ("magic bytes") of the types uploads may have, as their specifications give them:
 * JPEG `FF D8 FF` (ISO/IEC 10918-1, SOI marker then a marker), PNG `89 50 4E 47 0D 0A 1A 0A` (PNG spec §5.2),
 * WebP `RIFF <size> WEBP` (RIFF container, WebP container spec), PDF `%PDF-` (ISO 32000-1 §7.5.2; readers accept it
 * within the first 1,024 bytes, so do we).
 */
const SIGNATURES: readonly { type: FileContentType; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x) },
  { type: 'image/webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { type: 'application/pdf', test: (b) => ascii(b, 0, 1024).includes('%PDF-') },
];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

/**
 * The type of a file from its first bytes (at least 12; 1,024 to find a PDF header after leading junk), never from
 * its name or what the browser said; undefined when it is none of the types uploads may have (an HTML page renamed
 * `photo.png`, a ZIP, a text file).
 */
export function sniffFileType(head: Uint8Array): FileContentType | undefined {
  return SIGNATURES.find((s) => s.test(head))?.type;
}
