import type { ObjectStorage } from '../../storage/storage';

/**
 * The length of an mp4 recording (Safari's MediaRecorder), so the server's time-limit check
 * covers mp4 as it covers webm. One streaming pass over the ISO BMFF boxes: `moov`
 * and `moof` boxes are read whole (they are small), `mdat` and every other box are skipped
 * without being kept. The length is the movie header's (`mvhd`) when it has one; a fragmented
 * recording (an empty `mvhd` duration, samples in `moof` fragments) is measured from its
 * fragments: per track, the last fragment's decode time plus its samples' durations, in the
 * track's own timescale (`mdhd`), with the defaults of `trex` and `tfhd`. Pure TypeScript.
 */

/** Larger `moov`/`moof` boxes are not read (no recording has one): the length stays unknown. */
const MAX_META_BOX_BYTES = 16 * 1024 * 1024;

interface Box {
  type: string;
  /** The box's payload (after its header). */
  body: Buffer;
}

/** The boxes directly inside `buf` (a box's payload); a truncated last box is ignored. */
function childBoxes(buf: Buffer): Box[] {
  const boxes: Box[] = [];
  let offset = 0;
  while (offset + 8 <= buf.length) {
    let size = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > buf.length) break;
      size = Number(buf.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = buf.length - offset;
    }
    if (size < header || offset + size > buf.length) break;
    boxes.push({ type, body: buf.subarray(offset + header, offset + size) });
    offset += size;
  }
  return boxes;
}

function child(box: Buffer, type: string): Buffer | null {
  return childBoxes(box).find((b) => b.type === type)?.body ?? null;
}

/** A full box's version-dependent 32/64-bit field. */
function readVersioned(body: Buffer, offset: number, version: number): number {
  return version === 1 ? Number(body.readBigUInt64BE(offset)) : body.readUInt32BE(offset);
}

interface TrackInfo {
  timescale: number;
  defaultSampleDuration: number;
}

/** What the scan learned so far. */
interface Mp4State {
  movieTimescale: number | null;
  movieDurationSec: number | null;
  fragmentDurationSec: number | null;
  tracks: Map<number, TrackInfo>;
  /** Per track: where its last fragment ended, in its timescale. */
  trackEnds: Map<number, number>;
}

function readMoov(body: Buffer, state: Mp4State): void {
  const mvhd = child(body, 'mvhd');
  if (mvhd && mvhd.length >= 20) {
    const version = mvhd[0]!;
    const at = version === 1 ? 20 : 12;
    const timescale = mvhd.readUInt32BE(at);
    const duration = readVersioned(mvhd, at + 4, version);
    if (timescale > 0) {
      state.movieTimescale = timescale;
      // All ones: "unknown" (a live recording's header).
      const unknown = version === 1 ? duration >= 2 ** 53 : duration === 0xffffffff;
      if (duration > 0 && !unknown) state.movieDurationSec = duration / timescale;
    }
  }
  for (const box of childBoxes(body)) {
    if (box.type !== 'trak') continue;
    const tkhd = child(box.body, 'tkhd');
    const mdhd = child(child(box.body, 'mdia') ?? Buffer.alloc(0), 'mdhd');
    if (!tkhd || !mdhd) continue;
    const trackId = tkhd.readUInt32BE(tkhd[0] === 1 ? 20 : 12);
    const timescale = mdhd.readUInt32BE(mdhd[0] === 1 ? 20 : 12);
    if (timescale > 0) {
      const known = state.tracks.get(trackId);
      state.tracks.set(trackId, {
        timescale,
        defaultSampleDuration: known?.defaultSampleDuration ?? 0,
      });
    }
  }
  const mvex = child(body, 'mvex');
  if (!mvex) return;
  for (const box of childBoxes(mvex)) {
    if (box.type === 'trex' && box.body.length >= 24) {
      const trackId = box.body.readUInt32BE(4);
      const track = state.tracks.get(trackId);
      if (track) track.defaultSampleDuration = box.body.readUInt32BE(12);
    }
    if (box.type === 'mehd' && box.body.length >= 8 && state.movieTimescale) {
      const duration = readVersioned(box.body, 4, box.body[0]!);
      if (duration > 0) state.fragmentDurationSec = duration / state.movieTimescale;
    }
  }
}

function readMoof(body: Buffer, state: Mp4State): void {
  for (const traf of childBoxes(body)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(traf.body, 'tfhd');
    if (!tfhd || tfhd.length < 8) continue;
    const tfhdFlags = tfhd.readUInt32BE(0) & 0xffffff;
    const trackId = tfhd.readUInt32BE(4);
    const track = state.tracks.get(trackId);
    if (!track) continue;
    let at = 8;
    if (tfhdFlags & 0x01) at += 8;
    if (tfhdFlags & 0x02) at += 4;
    const defaultDuration = tfhdFlags & 0x08 ? tfhd.readUInt32BE(at) : track.defaultSampleDuration;
    const tfdt = child(traf.body, 'tfdt');
    let time = tfdt ? readVersioned(tfdt, 4, tfdt[0]!) : (state.trackEnds.get(trackId) ?? 0);
    for (const trun of childBoxes(traf.body)) {
      if (trun.type !== 'trun') continue;
      const flags = trun.body.readUInt32BE(0) & 0xffffff;
      const count = trun.body.readUInt32BE(4);
      let offset = 8;
      if (flags & 0x01) offset += 4;
      if (flags & 0x04) offset += 4;
      const perSample =
        (flags & 0x100 ? 4 : 0) +
        (flags & 0x200 ? 4 : 0) +
        (flags & 0x400 ? 4 : 0) +
        (flags & 0x800 ? 4 : 0);
      if (!(flags & 0x100)) {
        time += count * defaultDuration;
        continue;
      }
      for (let i = 0; i < count && offset + perSample <= trun.body.length; i += 1) {
        time += trun.body.readUInt32BE(offset);
        offset += perSample;
      }
    }
    state.trackEnds.set(trackId, Math.max(state.trackEnds.get(trackId) ?? 0, time));
  }
}

/**
 * The length in seconds of the mp4 in `source` (see the module comment), or null when it cannot
 * be told (not an mp4, no header, no samples).
 */
export async function measureMp4DurationSec(
  source: Buffer | AsyncIterable<Buffer>,
): Promise<number | null> {
  const state: Mp4State = {
    movieTimescale: null,
    movieDurationSec: null,
    fragmentDurationSec: null,
    tracks: new Map(),
    trackEnds: new Map(),
  };
  let pending = Buffer.alloc(0);
  /** Bytes of the current box still to skip (mdat and the like). */
  let skip = 0;
  /** The current box to keep, and the bytes it still needs. */
  let keep: { type: string; header: number; size: number } | null = null;
  let isFirstBox = true;

  const chunks = Buffer.isBuffer(source) ? [source] : source;
  for await (const raw of chunks) {
    let chunk = Buffer.from(raw);
    if (skip > 0) {
      const dropped = Math.min(skip, chunk.length);
      skip -= dropped;
      chunk = chunk.subarray(dropped);
    }
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        skip -= dropped;
        pending = pending.subarray(dropped);
        if (skip > 0) break;
      }
      if (keep) {
        if (pending.length < keep.size) break;
        const body = pending.subarray(keep.header, keep.size);
        if (keep.type === 'moov') readMoov(body, state);
        else readMoof(body, state);
        pending = pending.subarray(keep.size);
        keep = null;
        continue;
      }
      if (pending.length < 8) break;
      let size = pending.readUInt32BE(0);
      const type = pending.toString('latin1', 4, 8);
      let header = 8;
      if (isFirstBox && type !== 'ftyp') return null;
      isFirstBox = false;
      if (size === 1) {
        if (pending.length < 16) break;
        size = Number(pending.readBigUInt64BE(8));
        header = 16;
      }
      // Size 0 (to the end of the file) is only ever the last mdat: nothing follows it.
      if (size === 0) return resultOf(state);
      if (size < header) return resultOf(state);
      if ((type === 'moov' || type === 'moof') && size <= MAX_META_BOX_BYTES) {
        keep = { type, header, size };
        continue;
      }
      skip = size;
    }
  }
  return resultOf(state);
}

/** The longest of the header's length and the fragments' (a fragmented file's header may hold
 * only what preceded the fragments), else the fragment header's (`mehd`). */
function resultOf(state: Mp4State): number | null {
  let longest: number | null = state.movieDurationSec;
  for (const [trackId, end] of state.trackEnds) {
    const track = state.tracks.get(trackId);
    if (!track || end <= 0) continue;
    longest = Math.max(longest ?? 0, end / track.timescale);
  }
  return longest ?? state.fragmentDurationSec;
}

/** The length in seconds of a stored mp4 recording, or null when it cannot be told. */
export async function measureStoredMp4DurationSec(
  storage: ObjectStorage,
  key: string,
): Promise<number | null> {
  const whole = await storage.getObject(key);
  return measureMp4DurationSec(whole.body as AsyncIterable<Buffer>);
}
