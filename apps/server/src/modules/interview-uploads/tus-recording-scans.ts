import { Transform, type Readable } from 'node:stream';
import type { TusStore } from './tus-protocol';
import { WebmScanner } from './webm-duration';

/** PATCHes larger than this are not scanned on the way (their upload is scanned at the end). */
const SCAN_PATCH_MAX_BYTES = 8 * 1024 * 1024;

export type TusScans = Map<string, { scanner: WebmScanner; offset: number }>;

/**
 * Webm recordings are scanned as their PATCHes arrive (a PATCH's bytes count once the store
 * holds them), so finishing knows the Duration without reading the file again. An upload
 * whose scan is missing (a restart, a torn PATCH) is scanned in full when it finishes.
 */
export function scanWebmWrites(store: TusStore): TusScans {
  const scans: TusScans = new Map();
  const writeToStore = store.write.bind(store) as (
    stream: Readable,
    id: string,
    offset: number,
  ) => Promise<number>;
  store.write = async (stream: Readable, id: string, offset: number) => {
    const entry = offset === 0 ? { scanner: new WebmScanner(), offset: 0 } : scans.get(id);
    scans.delete(id);
    if (!entry || entry.offset !== offset) return writeToStore(stream, id, offset);
    const pieces: Buffer[] = [];
    let seen = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen <= SCAN_PATCH_MAX_BYTES) pieces.push(chunk);
        callback(null, chunk);
      },
    });
    stream.once('error', (error) => tee.destroy(error));
    const newOffset = await writeToStore(stream.pipe(tee), id, offset);
    if (seen <= SCAN_PATCH_MAX_BYTES && newOffset === offset + seen) {
      try {
        for (const piece of pieces) entry.scanner.push(piece);
        entry.offset = newOffset;
        scans.set(id, entry);
      } catch {
        // Not a webm the scanner reads: finishing scans the whole file instead.
      }
    }
    return newOffset;
  };
  return scans;
}
