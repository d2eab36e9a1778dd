// The tus load of bench/scale-out.mjs in a process of its own (as load-client.mjs is for plain
// requests): each candidate uploads takes one after another, every take a tus creation then
// PATCHes of `patchBytes` (what the browser sends, TUS_CHUNK_MAX_BYTES), the candidates at
// once. Reads one JSON argument {baseUrl, candidates: [{token, applicantId}], takes, patches,
// patchBytes}; prints one JSON line: the response times (ms) of creations and PATCHes, the
// run's duration in s, the bytes acknowledged and the failures (each with its status).

const { baseUrl, candidates, takes, patches, patchBytes } = JSON.parse(process.argv[2]);

/** EBML element: id bytes, an 8-byte size (or unknown), data. */
function element(id, data) {
  const size = Buffer.alloc(8);
  if (data === null) size.fill(0xff, 1);
  else size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, data ?? Buffer.alloc(0)]);
}

/**
 * Take data shaped as the browser's recorder writes it (a webm head, then one cluster of one
 * block per second), so the server scans and finishes it as it does a real recording.
 */
function chunkOf(index) {
  const head =
    index === 0
      ? Buffer.concat([
          element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm'))),
          Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
          element(
            [0x15, 0x49, 0xa9, 0x66],
            element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
          ),
        ])
      : Buffer.alloc(0);
  const timecode = Buffer.alloc(4);
  timecode.writeUInt32BE(index * 1000);
  const clusterHead = Buffer.concat([
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    element([0xe7], timecode),
  ]);
  // Block: track 1, relative timecode 0, keyframe, then payload up to the chunk's size.
  const payloadBytes = patchBytes - head.length - clusterHead.length - 13;
  const block = Buffer.concat([
    Buffer.from([0x81, 0x00, 0x00, 0x80]),
    Buffer.alloc(payloadBytes, index),
  ]);
  return Buffer.concat([head, clusterHead, element([0xa3], block)]);
}
const chunks = Array.from({ length: patches }, (_, index) => chunkOf(index));
const takeBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
const metadata = (applicantId) =>
  Object.entries({ applicantId, questId: 'q1', kind: 'face', filetype: 'video/webm' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const creates = [];
const patchTimes = [];
const failures = [];
let bytes = 0;

async function timed(list, url, init) {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  list.push(performance.now() - startedAt);
  return response;
}

async function candidate({ token, applicantId }) {
  const headers = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` };
  for (let take = 0; take < takes; take += 1) {
    const created = await timed(creates, `${baseUrl}/api/upload/tus`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(takeBytes),
        'Upload-Metadata': metadata(applicantId),
      },
    });
    if (created.status !== 201) {
      failures.push(`POST ${created.status}`);
      continue;
    }
    const location = new URL(created.headers.get('location'), baseUrl).toString();
    let offset = 0;
    for (const chunk of chunks) {
      const response = await timed(patchTimes, location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
      if (response.status !== 204) {
        failures.push(`PATCH ${response.status}`);
        break;
      }
      offset = Number(response.headers.get('upload-offset'));
      bytes += chunk.length;
    }
  }
}

const startedAt = performance.now();
await Promise.all(candidates.map(candidate));
process.stdout.write(
  `${JSON.stringify({
    creates,
    patches: patchTimes,
    duration: (performance.now() - startedAt) / 1000,
    bytes,
    failures,
  })}\n`,
);
