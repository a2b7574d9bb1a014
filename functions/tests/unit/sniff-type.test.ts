import { describe, expect, it } from 'vitest';
import { sniffFileType } from '../../src/features/files/sniff-type.js';
import { htmlPage, pdfDocument, pngImage } from '../support/sample-files.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('upload types by their magic bytes', () => {
  it('knows the four types uploads may have, whatever the file is called', () => {
    expect(sniffFileType(pngImage())).toBe('image/png');
    expect(sniffFileType(pdfDocument())).toBe('application/pdf');
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    // A PDF header after leading bytes (readers accept it within the first 1,024).
    expect(sniffFileType(bytes(' \r\n', '%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses what only looks like one by name: HTML, a WAV in a RIFF container, a ZIP, too few bytes', () => {
    expect(sniffFileType(htmlPage())).toBeUndefined();
    expect(sniffFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffFileType(bytes('PK', [3, 4, 20, 0]))).toBeUndefined();
    expect(sniffFileType(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });
});
