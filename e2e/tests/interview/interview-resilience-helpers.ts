import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../../fixtures/test';

/** What the page's interview recorders produced, one entry per recorder (sessionStorage). */
export interface RecordedTake {
  /** Bytes of every non-empty `dataavailable` chunk. */
  bytes: number;
  /** Sum of every byte's value (an order-independent checksum). */
  sum: number;
  /** Length and byte sum of the webm head: the bytes before the first Cluster's data. */
  head: number | null;
  headSum: number;
  /**
   * Chunks whose bytes are not counted yet, by page load: a reload can cut the count of the
   * chunk in hand short (reading a Blob is asynchronous), and that page will never finish it.
   */
  pending: Record<string, number>;
  /** FNV-1a (32 bit) of every recorded byte in order: equal means byte-identical. */
  hash: number;
  /**
   * Bytes and hash so far after each chunk: what a take cut off by a reload must equal; `at`
   * is when the browser handed the chunk over (Date.now()).
   */
  marks: { bytes: number; hash: number; at: number }[];
  /** When the recorder started (Date.now()). */
  startedAt: number;
}

const STORAGE_KEY = 'e2e.recordedTakes';
const PAGE_LOAD_KEY = 'e2e.recordedTakes.pageLoad';
const CLUSTER_ID = [0x1f, 0x43, 0xb6, 0x75];

/**
 * Counts what every MediaRecorder started on the interview screen records (the media check's
 * recorders are left out), kept in sessionStorage so the count survives a reload. It only adds
 * a listener of its own: the page's `ondataavailable` and the recorder itself are untouched.
 */
export async function countRecordedBytes(page: Page): Promise<void> {
  await page.addInitScript(
    ({ key, clusterId, pageKey }) => {
      // This page load: chunks it leaves uncounted when it goes away are not waited for.
      const pageLoad = `${performance.timeOrigin}-${Math.random()}`;
      window.sessionStorage.setItem(pageKey, pageLoad);
      const read = (): RecordedTake[] =>
        JSON.parse(window.sessionStorage.getItem(key) ?? '[]') as RecordedTake[];
      const update = (index: number, change: (take: RecordedTake) => void) => {
        const takes = read();
        const take = takes[index];
        if (!take) return;
        change(take);
        window.sessionStorage.setItem(key, JSON.stringify(takes));
      };
      const counted = new WeakSet<MediaRecorder>();
      const originalStart = MediaRecorder.prototype.start;
      MediaRecorder.prototype.start = function start(this: MediaRecorder, ...args) {
        if (!counted.has(this) && window.location.pathname.endsWith('/inprogress')) {
          counted.add(this);
          const takes = read();
          const index = takes.length;
          takes.push({
            bytes: 0,
            sum: 0,
            head: null,
            headSum: 0,
            pending: {},
            hash: 0x811c9dc5,
            marks: [],
            startedAt: Date.now(),
          });
          window.sessionStorage.setItem(key, JSON.stringify(takes));
          let chain = Promise.resolve();
          // The head runs up to the first Cluster's data; under load the first chunk may hold
          // only the header, so the search goes on through the next chunks.
          let isHeadFound = false;
          let offset = 0;
          this.addEventListener('dataavailable', (event: BlobEvent) => {
            const blob = event.data;
            if (blob.size === 0) return;
            const at = Date.now();
            update(index, (take) => {
              take.pending[pageLoad] = (take.pending[pageLoad] ?? 0) + 1;
            });
            chain = chain.then(async () => {
              const data = new Uint8Array(await blob.arrayBuffer());
              let sum = 0;
              let hash = read()[index]?.hash ?? 0x811c9dc5;
              for (const byte of data) {
                sum += byte;
                hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
              }
              let headEnd: number | null = null;
              let headSum = 0;
              if (!isHeadFound) {
                headEnd = data.length;
                for (let i = 0; i + 3 < data.length; i += 1) {
                  if (clusterId.every((value, j) => data[i + j] === value)) {
                    // Past the Cluster's size: its unknown size may be written on the way.
                    headEnd = i + 4 + (Math.clz32(data[i + 4] ?? 0) - 23);
                    isHeadFound = true;
                    break;
                  }
                }
                for (let i = 0; i < headEnd; i += 1) headSum += data[i] ?? 0;
              }
              const chunkOffset = offset;
              offset += data.length;
              const found = isHeadFound;
              update(index, (take) => {
                take.bytes += data.length;
                take.sum += sum;
                take.hash = hash;
                take.marks.push({ bytes: take.bytes, hash, at });
                if (headEnd !== null) {
                  take.head = found ? chunkOffset + headEnd : null;
                  take.headSum += headSum;
                }
                take.pending[pageLoad] = (take.pending[pageLoad] ?? 1) - 1;
              });
            });
          });
        }
        return originalStart.apply(this, args);
      };
    },
    { key: STORAGE_KEY, clusterId: CLUSTER_ID, pageKey: PAGE_LOAD_KEY },
  );
}

/**
 * The recorded takes, once every chunk of the current page is counted. A chunk a reload cut
 * off before it was counted is not in `marks`: the upload can only hold it if it reached
 * IndexedDB, and then the prefix check fails (unlikely: storing a chunk
 * takes two IndexedDB writes, counting it one Blob read).
 */
export async function recordedTakes(page: Page): Promise<RecordedTake[]> {
  const read = () =>
    page.evaluate(
      ({ key, pageKey }) => ({
        takes: JSON.parse(window.sessionStorage.getItem(key) ?? '[]') as RecordedTake[],
        pageLoad: window.sessionStorage.getItem(pageKey) ?? '',
      }),
      { key: STORAGE_KEY, pageKey: PAGE_LOAD_KEY },
    );
  await expect
    .poll(async () => {
      const { takes, pageLoad } = await read();
      return takes.every((take) => !take.pending[pageLoad]);
    })
    .toBe(true);
  return (await read()).takes;
}

/** The stored object of a key (local storage driver under the e2e DATA_DIR). */
export async function readStoredObject(
  key: string,
  dataDir = process.env.E2E_DATA_DIR,
): Promise<Buffer> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return readFile(path.join(dataDir, 'storage', 'objects', key));
}

/** FNV-1a (32 bit), as the page computes it over the recorded chunks. */
export function fnv1a(bytes: Buffer): number {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/**
 * What the tus upload of a key received, byte for byte (the file store's copy under the e2e
 * DATA_DIR, before the server copied it to the key and wrote the Duration into its head): the
 * newest upload of the key, once complete.
 */
export async function readUploadedBytes(key: string, dataDir = process.env.E2E_DATA_DIR) {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const dir = path.join(dataDir, 'tus');
  let newest: { id: string; createdAt: string } | null = null;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const info = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
      id: string;
      metadata?: { key?: string };
      creation_date: string;
    };
    if (info.metadata?.key !== key) continue;
    if (!newest || info.creation_date > newest.createdAt) {
      newest = { id: info.id, createdAt: info.creation_date };
    }
  }
  if (!newest) throw new Error(`no tus upload of ${key}`);
  return readFile(path.join(dir, newest.id));
}

/** The upload holds exactly what the browser recorded (every chunk, in order). */
export function expectIdenticalToRecorded(uploaded: Buffer, take: RecordedTake): void {
  expect({ bytes: uploaded.length, hash: fnv1a(uploaded) }).toEqual({
    bytes: take.bytes,
    hash: take.hash,
  });
}

/**
 * The upload holds exactly the first chunks the browser recorded: a reload cuts a take off
 * after some chunk (the ones that reached IndexedDB); none is torn or reordered.
 */
export function expectIdenticalToRecordedPrefix(uploaded: Buffer, take: RecordedTake): void {
  const mark = take.marks.find((candidate) => candidate.bytes === uploaded.length);
  expect(mark, `${uploaded.length} bytes is no chunk boundary of the take`).toBeDefined();
  expect(fnv1a(uploaded)).toBe(mark!.hash);
}

/**
 * The stored webm holds exactly the recorded bytes: the server only rewrites the head to add
 * the Duration (and may write the first
 * Cluster's size), so everything from the first Cluster's data on must match the recorded
 * chunks in length and checksum.
 */
export function expectSameMedia(stored: Buffer, take: RecordedTake): void {
  expect(take.head).not.toBeNull();
  const clusterIdAt = stored.indexOf(Buffer.from(CLUSTER_ID));
  expect(clusterIdAt).toBeGreaterThan(0);
  const clusterAt = clusterIdAt + 4 + (Math.clz32(stored[clusterIdAt + 4] ?? 0) - 23);
  let storedSum = 0;
  for (let i = clusterAt; i < stored.length; i += 1) storedSum += stored[i] ?? 0;
  expect({ bytes: stored.length - clusterAt, sum: storedSum }).toEqual({
    bytes: take.bytes - (take.head ?? 0),
    sum: take.sum - take.headSum,
  });
}

/** Loads the recording in a `<video>`: a finite duration, and a seek completes. */
export async function expectPlayable(
  page: Page,
  bytes: Buffer,
  minSeconds: number,
): Promise<number> {
  const result = await page.evaluate(async (base64) => {
    const binary = atob(base64);
    const data = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) data[i] = binary.charCodeAt(i);
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const loaded = new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error('the video did not load'));
    });
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await loaded;
    const duration = video.duration;
    const seeked = new Promise((resolve) => (video.onseeked = resolve));
    video.currentTime = duration / 2;
    await seeked;
    video.remove();
    return { duration, currentTime: video.currentTime };
  }, bytes.toString('base64'));
  expect(Number.isFinite(result.duration)).toBe(true);
  expect(result.duration).toBeGreaterThan(minSeconds);
  expect(result.currentTime).toBeGreaterThan(0);
  return result.duration;
}

export interface StartedApplicant {
  applicantId: string;
  candidateToken: string;
}

/** Clicks "Start interview" after the media check: answers the applicant it created. */
export async function startInterview(page: Page, jobId: string): Promise<StartedApplicant> {
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start interview' }).click();
  const { applicant, candidateToken } = (await (await created).json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  await expect(page).toHaveURL(new RegExp(`/interview/${jobId}/inprogress$`));
  return { applicantId: applicant.id, candidateToken };
}

export interface StoredApplicant {
  timestamp: { submitted: string | null; quited: string | null };
  answerMap: Record<string, { resTime: number; faceKey?: string | null; optIdx?: number[] }>;
}

/** The applicant as the server stores it (read with its candidate token). */
export async function getApplicant(
  request: APIRequestContext,
  { applicantId, candidateToken }: StartedApplicant,
): Promise<StoredApplicant> {
  const response = await request.get(`/api/applicant/${applicantId}`, {
    headers: { Authorization: `Bearer ${candidateToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { applicant: StoredApplicant }).applicant;
}
