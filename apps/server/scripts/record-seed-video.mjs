// Records the short answer video the demo seed (`npm run seed`) stores for its applicants:
// apps/server/seed-assets/answer.webm. It is a real Chromium MediaRecorder file (vp8 + opus,
// 1-second timeslices, no Duration, no Cues), exactly what a candidate's browser uploads, so the
// seed runs it through the same webm Duration fix as a real upload.
//
// Sources: the e2e fake-media fixtures (a face photo as the camera, spoken English as the
// microphone; `node e2e/scripts/make-fixtures.mjs` makes them, and this script calls it). The
// camera frame is drawn onto a canvas with the elapsed time, so seeking is visible in the player.
//
// Usage: node apps/server/scripts/record-seed-video.mjs [seconds] (needs Debian's Chromium:
// `npm run system-deps`; CHROMIUM_PATH overrides /usr/bin/chromium). Re-run only to replace the
// committed file.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { makeFixtures } from '../../../e2e/scripts/make-fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTPUT = path.resolve(here, '../seed-assets/answer.webm');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DURATION_MS = Math.round(Number(process.argv[2] ?? 4) * 1000);
/** Upper bound for the committed file: the repository should not grow by more than this. */
const MAX_BYTES = 300 * 1024;

if (!(DURATION_MS >= 1000 && DURATION_MS <= 30_000)) {
  throw new Error('seconds must be between 1 and 30');
}

/* global document, MediaRecorder -- recordInPage runs inside Chromium, not in Node */

/** What runs in the page: camera + microphone → canvas with a clock → MediaRecorder. */
async function recordInPage({ durationMs }) {
  const WIDTH = 640;
  const HEIGHT = 480;
  const media = await navigator.mediaDevices.getUserMedia({
    video: { width: WIDTH, height: HEIGHT },
    audio: true,
  });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = media;
  await video.play();

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  const started = performance.now();
  const draw = () => {
    context.drawImage(video, 0, 0, WIDTH, HEIGHT);
    const seconds = (performance.now() - started) / 1000;
    context.fillStyle = 'rgba(0, 0, 0, 0.55)';
    context.fillRect(WIDTH - 150, HEIGHT - 60, 134, 44);
    context.fillStyle = '#ffffff';
    context.font = 'bold 28px sans-serif';
    context.fillText(`${seconds.toFixed(1)} s`, WIDTH - 138, HEIGHT - 28);
  };
  draw();
  const timer = setInterval(draw, 1000 / 30);

  const stream = canvas.captureStream(30);
  for (const track of media.getAudioTracks()) stream.addTrack(track);
  const mimeType = 'video/webm;codecs=vp8,opus';
  if (!MediaRecorder.isTypeSupported(mimeType)) throw new Error(`${mimeType} is not supported`);
  const recorder = new MediaRecorder(stream, {
    mimeType,
    videoBitsPerSecond: 300_000,
    audioBitsPerSecond: 32_000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  // 1-second timeslices, as the candidate app records (RECORDING_TIMESLICE_MS).
  recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  recorder.stop();
  await stopped;
  clearInterval(timer);
  for (const track of media.getTracks()) track.stop();

  const bytes = new Uint8Array(await new Blob(chunks, { type: mimeType }).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

async function main() {
  const fixtures = makeFixtures();
  // getUserMedia needs a secure context; http://127.0.0.1 is one.
  const server = http.createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>rec</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fixtures.face}`,
      `--use-file-for-fake-audio-capture=${fixtures.speech}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const base64 = await page.evaluate(recordInPage, { durationMs: DURATION_MS });
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.subarray(0, 4).toString('hex') !== '1a45dfa3') throw new Error('not a webm file');
    if (bytes.length > MAX_BYTES) {
      throw new Error(`recording is ${bytes.length} bytes, over the ${MAX_BYTES} byte budget`);
    }
    mkdirSync(path.dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, bytes);
    console.log(`wrote ${OUTPUT} (${statSync(OUTPUT).size} bytes, ${DURATION_MS} ms)`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
