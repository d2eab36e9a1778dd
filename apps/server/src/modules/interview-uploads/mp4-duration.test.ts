import { describe, expect, it } from 'vitest';
import { measureMp4DurationSec } from './mp4-duration';

/** A box: 32-bit size, type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** Big-endian 32-bit words. */
function u32(...values: number[]): Buffer {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buf.writeUInt32BE(value, i * 4));
  return buf;
}

const ftyp = box('ftyp', Buffer.from('iso5'), u32(0), Buffer.from('iso5mp41'));
/** mvhd v0: flags, creation, modification, timescale, duration, then the rest (zeros). */
const mvhd = (timescale: number, duration: number) =>
  box('mvhd', u32(0, 0, 0, timescale, duration), Buffer.alloc(80));
/** A track: tkhd v0 (track id at 12) and mdia/mdhd v0 (timescale at 12). */
const trak = (trackId: number, timescale: number) =>
  box(
    'trak',
    box('tkhd', u32(0, 0, 0, trackId, 0, 0), Buffer.alloc(60)),
    box('mdia', box('mdhd', u32(0, 0, 0, timescale, 0), Buffer.alloc(4))),
  );
const trex = (trackId: number, defaultDuration: number) =>
  box('trex', u32(0, trackId, 1, defaultDuration, 0, 0));

/** A fragment of one track: tfdt's decode time and a trun with explicit sample durations. */
function fragment(trackId: number, decodeTime: number, durations: number[]): Buffer {
  const trun = box('trun', u32(0x000301, durations.length, 0), ...durations.map((d) => u32(d, 10)));
  return Buffer.concat([
    box(
      'moof',
      box('mfhd', u32(0, 1)),
      box('traf', box('tfhd', u32(0x020000, trackId)), box('tfdt', u32(0, decodeTime)), trun),
    ),
    box('mdat', Buffer.alloc(durations.length * 10, 7)),
  ]);
}

/** Feeds `bytes` in pieces of `size`. */
async function* inPieces(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('mp4 duration', () => {
  it("reads a plain mp4's movie header, skipping the media data", async () => {
    const mp4 = Buffer.concat([
      ftyp,
      box('mdat', Buffer.alloc(5000, 1)),
      box('moov', mvhd(1000, 12_345), trak(1, 90_000)),
    ]);
    expect(await measureMp4DurationSec(mp4)).toBeCloseTo(12.345, 3);
    expect(await measureMp4DurationSec(inPieces(mp4, 7))).toBeCloseTo(12.345, 3);
  });

  it("measures a fragmented recording (Safari's) from its fragments, per track timescale", async () => {
    const mp4 = Buffer.concat([
      ftyp,
      box(
        'moov',
        mvhd(1000, 0),
        trak(1, 90_000),
        trak(2, 48_000),
        box('mvex', trex(1, 3000), trex(2, 1024)),
      ),
      // Video: 30 frames of 1/30 s in each of two fragments (2 s).
      fragment(1, 0, Array(30).fill(3000)),
      fragment(1, 90_000, Array(30).fill(3000)),
      // Audio: 47 frames of 1024 samples at 48 kHz (about 1.003 s).
      fragment(2, 0, Array(47).fill(1024)),
    ]);
    expect(await measureMp4DurationSec(mp4)).toBeCloseTo(2, 3);
    expect(await measureMp4DurationSec(inPieces(mp4, 13))).toBeCloseTo(2, 3);
  });

  it('uses the default sample duration when a run has none', async () => {
    const trunDefault = box('trun', u32(0x000001, 60, 0));
    const mp4 = Buffer.concat([
      ftyp,
      box('moov', mvhd(1000, 0), trak(1, 600), box('mvex', trex(1, 20))),
      box('moof', box('traf', box('tfhd', u32(0x020000, 1)), box('tfdt', u32(0, 0)), trunDefault)),
      box('mdat', Buffer.alloc(100)),
    ]);
    // 60 samples of 20/600 s.
    expect(await measureMp4DurationSec(mp4)).toBeCloseTo(2, 3);
  });

  it('answers null for what is not an mp4 or has no length', async () => {
    expect(await measureMp4DurationSec(Buffer.from('\x1aE\xdf\xa3 not an mp4'))).toBeNull();
    expect(await measureMp4DurationSec(Buffer.concat([ftyp, box('free')]))).toBeNull();
    expect(await measureMp4DurationSec(Buffer.alloc(0))).toBeNull();
    // Cut off inside the header: nothing measured, nothing thrown.
    const cut = Buffer.concat([ftyp, box('moov', mvhd(1000, 5000))]).subarray(0, 40);
    expect(await measureMp4DurationSec(cut)).toBeNull();
  });
});
