import { describe, expect, it } from 'vitest';
import { buildLiveWebm } from '../../../test/webm-fixture';
import {
  buildDurationPatch,
  scannedDurationSec,
  scanWebm,
  streamWithDuration,
  WebmScanner,
} from './webm-duration';

describe('webm duration', () => {
  const webm = buildLiveWebm({ clusters: 3, blocksPerCluster: 10, frameMs: 33, blockBytes: 700 });

  it('finds the end of the last block, whole or fed in small chunks', async () => {
    const whole = await scanWebm(webm);
    expect(whole.existingDuration).toBeNull();
    expect(whole.clusterCount).toBe(3);
    expect(whole.endTimecode).toBe(29 * 33 + 33);
    const scanner = new WebmScanner();
    for (let i = 0; i < webm.length; i += 7) scanner.push(webm.subarray(i, i + 7));
    expect(scanner.result()).toEqual(whole);
  });

  it('writes Duration into Info and leaves the rest byte for byte', async () => {
    const scan = await scanWebm(webm);
    const patch = buildDurationPatch(webm.subarray(0, 4096), scan.endTimecode!)!;
    const fixed = Buffer.concat([patch.head, webm.subarray(patch.replaceEnd)]);
    expect(fixed.length).toBe(webm.length + 11 + (patch.head.length - patch.replaceEnd - 11));
    const rescanned = await scanWebm(fixed);
    expect(rescanned.existingDuration).toBe(scan.endTimecode);
    expect(rescanned.endTimecode).toBe(scan.endTimecode);
    expect(fixed.subarray(fixed.length - 1000)).toEqual(webm.subarray(webm.length - 1000));
    // A file that already has a positive Duration is left alone.
    expect(buildDurationPatch(fixed.subarray(0, 4096), 1)).toBeNull();
  });

  it('copies a scanned webm with its Duration in one pass, as the two-pass fix would', async () => {
    const scan = await scanWebm(webm);
    const patch = buildDurationPatch(webm.subarray(0, 4096), scan.endTimecode!)!;
    const expected = Buffer.concat([patch.head, webm.subarray(patch.replaceEnd)]);
    async function* pieces() {
      for (let i = 0; i < webm.length; i += 1000) yield webm.subarray(i, i + 1000);
    }
    let counted = 0;
    const out: Buffer[] = [];
    for await (const chunk of streamWithDuration(pieces(), scan, (n) => (counted += n))) {
      out.push(chunk);
    }
    expect(Buffer.concat(out)).toEqual(expected);
    expect(counted).toBe(expected.length);
    expect(scannedDurationSec(scan)).toBeCloseTo((29 * 33 + 33) / 1000, 6);
  });
});
