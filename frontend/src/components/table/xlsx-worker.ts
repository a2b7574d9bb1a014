import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/web-worker';
import { XLSX_MAX_UNPACKED_BYTES, type XlsxReply } from './xlsx-limits';

/**
 * Reads the first sheet of an XLSX workbook off the page's thread, so a hostile or broken file cannot freeze the
 * tab (the page also stops this worker after a time limit). Before anything is inflated, the sizes the workbook
 * declares for its parts are added up (fflate's `filter` sees them without inflating) and a workbook that would
 * unpack to more than `XLSX_MAX_UNPACKED_BYTES` is refused.
 */
/** This worker's scope, typed by what it uses (the DOM library types `self` as a window). */
const scope = globalThis as unknown as {
  postMessage(message: XlsxReply): void;
  onmessage: ((e: MessageEvent<ArrayBuffer>) => void) | null;
};

scope.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  const reply = (r: XlsxReply) => scope.postMessage(r);
  const bytes = new Uint8Array(event.data);
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (f) => {
        declared += f.originalSize;
        return false;
      },
    });
  } catch {
    return reply({ ok: false, reason: 'corrupt' });
  }
  if (declared > XLSX_MAX_UNPACKED_BYTES) return reply({ ok: false, reason: 'too-big' });
  try {
    const rows = (await readSheet(event.data)) as unknown[][];
    reply({
      ok: true,
      rows: rows.map((r) =>
        r.map((c) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c))),
      ),
    });
  } catch {
    reply({ ok: false, reason: 'corrupt' });
  }
};
