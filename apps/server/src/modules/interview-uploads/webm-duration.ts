import { Readable } from 'node:stream';
import type { ObjectStorage } from '../../storage/storage';

/**
 * Chromium's MediaRecorder writes a live webm: a Segment of unknown size whose Info has no
 * Duration, and no Cues, so `<video>.duration` is Infinity and the player cannot seek. The
 * candidate uploads such a file progressively, before its length is known, so the server
 * writes the Duration once the upload completes: one streaming pass reads every Cluster's
 * Timecode and every block's relative timecode (the end of the recording), then the object is
 * rewritten as [EBML header, Segment header, Info + Duration, the rest unchanged]. Chromium
 * seeks such a file by its clusters (as with the client-side `fix-webm-duration`). Pure
 * TypeScript: no ffmpeg needed.
 */

const ID = {
  EBML: 0x1a45dfa3,
  SEGMENT: 0x18538067,
  SEEK_HEAD: 0x114d9b74,
  INFO: 0x1549a966,
  TIMECODE_SCALE: 0x2ad7b1,
  DURATION: 0x4489,
  CLUSTER: 0x1f43b675,
  TIMECODE: 0xe7,
  SIMPLE_BLOCK: 0xa3,
  BLOCK_GROUP: 0xa0,
  BLOCK: 0xa1,
  BLOCK_DURATION: 0x9b,
  CUES: 0x1c53bb6b,
  VOID: 0xec,
} as const;

/** Masters the scanner walks into (their children are read); everything else is skipped. */
const DESCEND = new Set<number>([ID.SEGMENT, ID.CLUSTER, ID.BLOCK_GROUP, ID.INFO]);
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

interface VarInt {
  value: number;
  length: number;
  /** All value bits set: "unknown size". */
  unknown: boolean;
}

function readId(buf: Buffer, offset: number): VarInt | null {
  if (offset >= buf.length) return null;
  const first = buf[offset]!;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0) throw new Error(`invalid EBML id at ${offset}`);
  if (offset + length > buf.length) return null;
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + buf[offset + i]!;
  return { value, length, unknown: false };
}

function readSize(buf: Buffer, offset: number): VarInt | null {
  if (offset >= buf.length) return null;
  const first = buf[offset]!;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1;
  if (length > 8) throw new Error(`invalid EBML size at ${offset}`);
  if (offset + length > buf.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = buf[offset + i]!;
    if (byte !== 0xff) allOnes = false;
    value = value * 256 + byte;
  }
  return { value, length, unknown: allOnes };
}

function readUint(buf: Buffer, offset: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + buf[offset + i]!;
  return value;
}

function readFloat(buf: Buffer, offset: number, length: number): number {
  if (length === 4) return buf.readFloatBE(offset);
  if (length === 8) return buf.readDoubleBE(offset);
  return Number.NaN;
}

/** What a pass over a webm found. */
export interface WebmScan {
  timecodeScaleNs: number;
  /** The Duration already in Info (timecode-scale units), when there is one. */
  existingDuration: number | null;
  /** End of the last block (timecode-scale units), or null when there were no blocks. */
  endTimecode: number | null;
  clusterCount: number;
}

/**
 * Streaming scanner: feed it the file's bytes in order with {@link push}; memory stays at one
 * element header (block payloads are skipped, not buffered).
 */
export class WebmScanner {
  private pending: Buffer = Buffer.alloc(0);
  private skip = 0;
  private clusterTimecode = 0;
  private maxBlockTimecode: number | null = null;
  private maxBlockEnd: number | null = null;
  private previousMax: number | null = null;
  private timecodeScaleNs = DEFAULT_TIMECODE_SCALE_NS;
  private existingDuration: number | null = null;
  private clusterCount = 0;

  push(chunk: Buffer): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length - offset);
        this.skip -= n;
        offset += n;
        if (this.skip > 0) break;
      }
      const id = readId(buf, offset);
      if (!id) break;
      const size = readSize(buf, offset + id.length);
      if (!size) break;
      const dataStart = offset + id.length + size.length;
      if (DESCEND.has(id.value)) {
        if (id.value === ID.CLUSTER) this.clusterCount += 1;
        offset = dataStart;
        continue;
      }
      if (size.unknown) throw new Error('unknown size on a non-master element');
      if (id.value === ID.SIMPLE_BLOCK || id.value === ID.BLOCK) {
        // Track number (a vint) then a signed 16-bit timecode relative to the cluster.
        const track = readSize(buf, dataStart);
        if (!track || dataStart + track.length + 2 > buf.length) break;
        const relative = buf.readInt16BE(dataStart + track.length);
        this.noteBlock(this.clusterTimecode + relative);
        this.skip = size.value;
        offset = dataStart;
        continue;
      }
      if (
        id.value === ID.TIMECODE ||
        id.value === ID.TIMECODE_SCALE ||
        id.value === ID.DURATION ||
        id.value === ID.BLOCK_DURATION
      ) {
        if (dataStart + size.value > buf.length) break;
        if (id.value === ID.TIMECODE) this.clusterTimecode = readUint(buf, dataStart, size.value);
        else if (id.value === ID.TIMECODE_SCALE)
          this.timecodeScaleNs = readUint(buf, dataStart, size.value);
        else if (id.value === ID.DURATION)
          this.existingDuration = readFloat(buf, dataStart, size.value);
        else if (this.maxBlockTimecode !== null) {
          const end = this.maxBlockTimecode + readUint(buf, dataStart, size.value);
          this.maxBlockEnd = Math.max(this.maxBlockEnd ?? 0, end);
        }
        offset = dataStart + size.value;
        continue;
      }
      this.skip = size.value;
      offset = dataStart;
    }
    this.pending = offset < buf.length ? Buffer.from(buf.subarray(offset)) : Buffer.alloc(0);
    buf = Buffer.alloc(0);
  }

  private noteBlock(timecode: number): void {
    if (this.maxBlockTimecode === null || timecode > this.maxBlockTimecode) {
      this.previousMax = this.maxBlockTimecode;
      this.maxBlockTimecode = timecode;
    } else if (timecode < this.maxBlockTimecode && (this.previousMax ?? -1) < timecode) {
      this.previousMax = timecode;
    }
  }

  result(): WebmScan {
    let end: number | null = null;
    if (this.maxBlockTimecode !== null) {
      // The last frame lasts about as long as the gap before it (bounded: a frame, not a pause).
      const gap =
        this.previousMax === null
          ? 0
          : Math.min(Math.max(this.maxBlockTimecode - this.previousMax, 0), 100);
      end = Math.max(this.maxBlockTimecode + gap, this.maxBlockEnd ?? 0);
    }
    return {
      timecodeScaleNs: this.timecodeScaleNs,
      existingDuration: this.existingDuration,
      endTimecode: end,
      clusterCount: this.clusterCount,
    };
  }
}

/** Scans a whole webm given as a buffer or a stream of buffers. */
export async function scanWebm(source: Buffer | AsyncIterable<Buffer>): Promise<WebmScan> {
  const scanner = new WebmScanner();
  if (Buffer.isBuffer(source)) scanner.push(source);
  else for await (const chunk of source) scanner.push(Buffer.from(chunk));
  return scanner.result();
}

function encodeSize(value: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

function durationElement(duration: number): Buffer {
  const out = Buffer.alloc(11);
  out[0] = 0x44;
  out[1] = 0x89;
  out[2] = 0x88; // size 8
  out.writeDoubleBE(duration, 3);
  return out;
}

/** How to rewrite the start of a file: replace bytes [0, replaceEnd) with `head`. */
export interface HeadPatch {
  head: Buffer;
  replaceEnd: number;
}

/**
 * The new start of the file with `duration` (timecode-scale units) written into Segment Info,
 * or null when there is nothing to do (a positive Duration already there) or the layout is one
 * this cannot patch safely (an Info with offsets pointing past it: SeekHead/Cues before it).
 * `start` must hold the file from byte 0 through the end of Info.
 */
export function buildDurationPatch(start: Buffer, duration: number): HeadPatch | null {
  let offset = 0;
  const ebmlId = readId(start, offset);
  if (!ebmlId || ebmlId.value !== ID.EBML) throw new Error('not an EBML file');
  const ebmlSize = readSize(start, ebmlId.length)!;
  offset = ebmlId.length + ebmlSize.length + ebmlSize.value;
  const segId = readId(start, offset);
  if (!segId || segId.value !== ID.SEGMENT) throw new Error('no Segment after the EBML header');
  const segSizeOffset = offset + segId.length;
  const segSize = readSize(start, segSizeOffset);
  if (!segSize) throw new Error('truncated Segment header');
  offset = segSizeOffset + segSize.length;
  let sawSeekHead = false;
  for (;;) {
    const id = readId(start, offset);
    const size = id ? readSize(start, offset + id.length) : null;
    if (!id || !size) throw new Error('Info not found in the head');
    const dataStart = offset + id.length + size.length;
    if (id.value === ID.CLUSTER || id.value === ID.CUES) return null;
    if (id.value !== ID.INFO) {
      if (id.value === ID.SEEK_HEAD) sawSeekHead = true;
      offset = dataStart + size.value;
      continue;
    }
    const infoEnd = dataStart + size.value;
    if (infoEnd > start.length) throw new Error('truncated Info');
    // Look for an existing Duration among Info's children.
    let child = dataStart;
    while (child < infoEnd) {
      const cid = readId(start, child)!;
      const csize = readSize(start, child + cid.length)!;
      const cdata = child + cid.length + csize.length;
      if (cid.value === ID.DURATION) {
        const existing = readFloat(start, cdata, csize.value);
        if (Number.isFinite(existing) && existing > 0) return null;
        // Same length in place: no offset anywhere moves.
        const head = Buffer.from(start.subarray(0, infoEnd));
        if (csize.value === 8) head.writeDoubleBE(duration, cdata);
        else if (csize.value === 4) head.writeFloatBE(duration, cdata);
        else return null;
        return { head, replaceEnd: infoEnd };
      }
      child = cdata + csize.value;
    }
    // Adding bytes moves everything after Info: only safe when no index points there.
    if (sawSeekHead) return null;
    const children = Buffer.concat([start.subarray(dataStart, infoEnd), durationElement(duration)]);
    const infoHeader = Buffer.concat([
      start.subarray(offset, offset + id.length),
      encodeSize(children.length, 8),
    ]);
    const newInfo = Buffer.concat([infoHeader, children]);
    const delta = newInfo.length - (infoEnd - offset);
    const before = Buffer.from(start.subarray(0, offset));
    if (!segSize.unknown) {
      const grown = segSize.value + delta;
      if (grown >= 2 ** (7 * segSize.length) - 1) return null;
      encodeSize(grown, segSize.length).copy(before, segSizeOffset);
    }
    return { head: Buffer.concat([before, newInfo]), replaceEnd: infoEnd };
  }
}

/** Bytes of the file's start read to find Info (Chromium's Info sits in the first ~100 bytes). */
const HEAD_BYTES = 64 * 1024;

/**
 * Writes the Duration of a stored webm recording when it has none (see the module comment).
 * Returns the new size and the duration in seconds, or null when the file was left as is.
 */
export async function fixStoredWebmDuration(
  storage: ObjectStorage,
  key: string,
): Promise<{ size: number; durationSec: number } | null> {
  const whole = await storage.getObject(key);
  const scan = await scanWebm(whole.body as AsyncIterable<Buffer>);
  const durationSec = (value: number) => (value * scan.timecodeScaleNs) / 1e9;
  if (scan.existingDuration !== null && scan.existingDuration > 0) {
    return { size: whole.size, durationSec: durationSec(scan.existingDuration) };
  }
  if (scan.endTimecode === null) return null;
  const headLength = Math.min(whole.size, HEAD_BYTES);
  const headObject = await storage.getObject(key, { range: { start: 0, end: headLength - 1 } });
  const start = await readAll(headObject.body as AsyncIterable<Buffer>);
  const patch = buildDurationPatch(start, scan.endTimecode);
  if (!patch) return null;
  const restStart = patch.replaceEnd;
  const rest =
    restStart < whole.size
      ? (await storage.getObject(key, { range: { start: restStart } })).body
      : null;
  const body = Readable.from(
    (async function* join() {
      yield patch.head;
      if (rest) yield* rest as AsyncIterable<Buffer>;
    })(),
  );
  await storage.putObject(key, body, { contentType: whole.contentType || 'video/webm' });
  return {
    size: whole.size - restStart + patch.head.length,
    durationSec: durationSec(scan.endTimecode),
  };
}

async function readAll(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The same live webm with its Duration written, in one pass over `source`, given the scan of
 * its bytes made beforehand (while it was uploaded). Null duration when there is nothing to
 * write: the bytes then pass unchanged. `onBytes` counts what is yielded (the stored size).
 */
export async function* streamWithDuration(
  source: AsyncIterable<Buffer>,
  scan: WebmScan,
  onBytes: (count: number) => void,
): AsyncGenerator<Buffer> {
  const emit = (chunk: Buffer) => {
    onBytes(chunk.length);
    return chunk;
  };
  const head: Buffer[] = [];
  let headLength = 0;
  let isPatched = false;
  for await (const piece of source) {
    const chunk = Buffer.from(piece);
    if (isPatched) {
      yield emit(chunk);
      continue;
    }
    head.push(chunk);
    headLength += chunk.length;
    if (headLength < HEAD_BYTES) continue;
    yield* patchHead(Buffer.concat(head), scan, emit);
    isPatched = true;
  }
  if (!isPatched && headLength > 0) yield* patchHead(Buffer.concat(head), scan, emit);
}

function* patchHead(
  start: Buffer,
  scan: WebmScan,
  emit: (chunk: Buffer) => Buffer,
): Generator<Buffer> {
  const patch =
    scan.endTimecode !== null && !(scan.existingDuration !== null && scan.existingDuration > 0)
      ? buildDurationPatch(start, scan.endTimecode)
      : null;
  if (!patch) {
    yield emit(start);
    return;
  }
  yield emit(patch.head);
  if (patch.replaceEnd < start.length) yield emit(start.subarray(patch.replaceEnd));
}

/** Seconds of a scanned webm (its Duration, or the end of its last block), or null. */
export function scannedDurationSec(scan: WebmScan): number | null {
  const value =
    scan.existingDuration !== null && scan.existingDuration > 0
      ? scan.existingDuration
      : scan.endTimecode;
  return value === null ? null : (value * scan.timecodeScaleNs) / 1e9;
}
