/**
 * The webm duration fix on REAL recordings: Debian Chromium records ~4 s of the fake camera and
 * microphone with MediaRecorder (vp8 and vp9, 1 s timeslices, as the candidate page does), the
 * server's fix runs on the bytes stored in LocalStorage, and Chromium loads both versions back
 * over HTTP (with Range support, like a signed GET): the unfixed file has an Infinity duration,
 * the fixed one a finite duration close to the recorded length and a seek that completes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixStoredWebmDuration, scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { LocalStorage } from '../src/storage/storage';

const CHROMIUM = '/usr/bin/chromium';
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURES = path.join(REPO_ROOT, 'e2e/.fixtures');
const RECORD_MS = 4000;
const SEEK_TO_SEC = 2.5;
const MIME_TYPES = {
  vp8: 'video/webm;codecs=vp8,opus',
  vp9: 'video/webm;codecs=vp9,opus',
} as const;
type Codec = keyof typeof MIME_TYPES;

/** The page's helpers, in plain JS (this package is typechecked without the DOM lib). */
const PAGE = `<!doctype html><meta charset="utf-8"><title>webm duration</title><script>
function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}
// Records every MIME type at once from one camera + microphone stream, 1 s timeslices.
async function recordAll(mimeTypes, ms) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  const recorders = mimeTypes.map((mimeType) => {
    const recorder = new MediaRecorder(stream, { mimeType });
    const chunks = [];
    recorder.ondataavailable = (event) => { if (event.data.size) chunks.push(event.data); };
    const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
    return { mimeType, recorder, chunks, stopped };
  });
  const started = performance.now();
  for (const r of recorders) r.recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  for (const r of recorders) r.recorder.stop();
  const recordedSec = (performance.now() - started) / 1000;
  await Promise.all(recorders.map((r) => r.stopped));
  for (const track of stream.getTracks()) track.stop();
  const out = {};
  for (const r of recorders) {
    const blob = new Blob(r.chunks, { type: r.mimeType });
    out[r.mimeType] = {
      base64: toBase64(new Uint8Array(await blob.arrayBuffer())),
      chunks: r.chunks.length,
      recordedSec,
    };
  }
  return out;
}
function once(target, name, timeoutMs) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    target.addEventListener(name, () => { clearTimeout(timer); resolve(true); }, { once: true });
  });
}
// Loads a URL in a <video>; when its duration is finite, seeks to seekTo.
async function probe(url, seekTo) {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  const loaded = Promise.race([
    once(video, 'loadedmetadata', 5000),
    once(video, 'error', 5000).then(() => false),
  ]);
  video.src = url;
  document.body.append(video);
  if (!(await loaded)) return { error: String(video.error && video.error.message) };
  const result = { duration: String(video.duration) };
  if (Number.isFinite(video.duration)) {
    const seeked = once(video, 'seeked', 5000);
    video.currentTime = seekTo;
    result.seeked = await seeked;
    result.currentTime = video.currentTime;
    result.seekable = video.seekable.length ? video.seekable.end(0) : 0;
    // The seek target decodes: playback goes on from there without a media error.
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 400));
    video.pause();
    result.playedTo = video.currentTime;
    result.playError = video.error ? String(video.error.message || video.error.code) : null;
  }
  video.remove();
  return result;
}
</script>`;

interface ProbeResult {
  error?: string;
  /** String(): JSON would turn Infinity into null. */
  duration?: string;
  seeked?: boolean;
  currentTime?: number;
  seekable?: number;
  playedTo?: number;
  playError?: string | null;
}

/** Serves the page at / and `files` at /media/<name>, honouring single byte ranges. */
function startServer(files: Map<string, Buffer>): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
      return;
    }
    const file = files.get(url.pathname.replace(/^\/media\//, ''));
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.writeHead(200, {
        'content-type': 'video/webm',
        'content-length': file.length,
        'accept-ranges': 'bytes',
      });
      res.end(file);
      return;
    }
    const start = range[1] ? Number(range[1]) : Math.max(0, file.length - Number(range[2]));
    const end =
      range[1] && range[2] ? Math.min(Number(range[2]), file.length - 1) : file.length - 1;
    if (start >= file.length || start > end) {
      res.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
      return;
    }
    res.writeHead(206, {
      'content-type': 'video/webm',
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${file.length}`,
      'accept-ranges': 'bytes',
    });
    res.end(file.subarray(start, end + 1));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${port}` });
    });
  });
}

describe.runIf(existsSync(CHROMIUM))('webm duration fix on real Chromium recordings', () => {
  const files = new Map<string, Buffer>();
  const recordedSec: Partial<Record<Codec, number>> = {};
  const serverDurationSec: Partial<Record<Codec, number>> = {};
  let browser: Browser;
  let page: Page;
  let server: Server;
  let baseUrl: string;
  let storageDir: string;
  let storage: LocalStorage;

  beforeAll(async () => {
    const video = path.join(FIXTURES, 'face.y4m');
    const audio = path.join(FIXTURES, 'speech.wav');
    if (!existsSync(video) || !existsSync(audio)) {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'e2e/scripts/make-fixtures.mjs')], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      });
    }
    storageDir = await mkdtemp(path.join(tmpdir(), 'candid-webm-real-'));
    storage = new LocalStorage({
      rootDir: storageDir,
      publicBaseUrl: 'http://unused.invalid',
      signingSecret: 'webm-duration-real-test-secret',
    });
    ({ server, baseUrl } = await startServer(files));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--disable-gpu',
        '--no-sandbox',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
        `--use-file-for-fake-audio-capture=${audio}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    const recorded = (await page.evaluate(
      `recordAll(${JSON.stringify(Object.values(MIME_TYPES))}, ${RECORD_MS})`,
    )) as Record<string, { base64: string; chunks: number; recordedSec: number }>;
    for (const codec of Object.keys(MIME_TYPES) as Codec[]) {
      const entry = recorded[MIME_TYPES[codec]]!;
      expect(entry.chunks).toBeGreaterThanOrEqual(3);
      const bytes = Buffer.from(entry.base64, 'base64');
      recordedSec[codec] = entry.recordedSec;
      files.set(`${codec}-raw.webm`, bytes);
      // The server's path: the completed object is fixed in place in storage.
      const key = `job/applicant-${codec}-face.webm`;
      await storage.putObject(key, bytes, { contentType: 'video/webm' });
      const fixed = await fixStoredWebmDuration(storage, key);
      expect(fixed, `${codec}: the fix left the file unchanged`).not.toBeNull();
      const stored = await storage.getObject(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
      const fixedBytes = Buffer.concat(chunks);
      expect(fixedBytes.length).toBe(fixed!.size);
      serverDurationSec[codec] = fixed!.durationSec;
      files.set(`${codec}-fixed.webm`, fixedBytes);
    }
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  const probe = (name: string) =>
    page.evaluate(
      `probe(${JSON.stringify(`${baseUrl}/media/${name}`)}, ${SEEK_TO_SEC})`,
    ) as Promise<ProbeResult>;

  for (const codec of Object.keys(MIME_TYPES) as Codec[]) {
    it(`${codec}: the raw recording has no duration (Infinity)`, async () => {
      const raw = await probe(`${codec}-raw.webm`);
      expect(raw.error).toBeUndefined();
      expect(raw.duration).toBe('Infinity');
      expect((await scanWebm(files.get(`${codec}-raw.webm`)!)).existingDuration).toBeNull();
    });

    it(`${codec}: the fixed recording has a finite duration and seeks`, async () => {
      const fixed = await probe(`${codec}-fixed.webm`);
      console.info(
        `${codec}: recorded ${recordedSec[codec]!.toFixed(2)} s, server wrote ${serverDurationSec[codec]} s`,
        fixed,
      );
      expect(fixed.error).toBeUndefined();
      const duration = Number(fixed.duration);
      expect(Number.isFinite(duration)).toBe(true);
      expect(Math.abs(duration - recordedSec[codec]!)).toBeLessThanOrEqual(1);
      expect(fixed.seeked).toBe(true);
      expect(Math.abs(fixed.currentTime! - SEEK_TO_SEC)).toBeLessThanOrEqual(0.5);
      expect(fixed.playError).toBeNull();
      expect(fixed.playedTo!).toBeGreaterThan(fixed.currentTime! + 0.1);
    });
  }
});
