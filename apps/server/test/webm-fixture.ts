/** Builds small synthetic webm files shaped like Chromium's MediaRecorder output (tests). */

function size8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32BE(Math.floor(value / 2 ** 32), 0);
  out.writeUInt32BE(value % 2 ** 32, 4);
  out[0]! |= 0x01;
  return out;
}

const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function el(id: number[], payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), size8(payload.length), payload]);
}

function uint(value: number, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
}

/**
 * A live-style webm: Segment and Clusters of unknown size, Info without Duration, one track,
 * `clusters` clusters of `blocksPerCluster` SimpleBlocks `frameMs` apart, each `blockBytes` long.
 * The last block starts at (clusters * blocksPerCluster - 1) * frameMs.
 */
export function buildLiveWebm(options: {
  clusters: number;
  blocksPerCluster: number;
  frameMs: number;
  blockBytes: number;
}): Buffer {
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      el([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)),
      el([0x4d, 0x80], Buffer.from('Chrome')),
    ]),
  );
  const tracks = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], uint(1, 1))));
  const parts: Buffer[] = [header, Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN, info, tracks];
  let time = 0;
  for (let c = 0; c < options.clusters; c += 1) {
    const clusterTime = time;
    parts.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN, el([0xe7], uint(clusterTime, 4)));
    for (let b = 0; b < options.blocksPerCluster; b += 1) {
      const relative = Buffer.alloc(2);
      relative.writeInt16BE(time - clusterTime);
      parts.push(
        el(
          [0xa3],
          Buffer.concat([
            Buffer.from([0x81]),
            relative,
            Buffer.from([0x80]),
            Buffer.alloc(options.blockBytes, b % 251),
          ]),
        ),
      );
      time += options.frameMs;
    }
  }
  return Buffer.concat(parts);
}
