// Generates the fake-media fixtures the e2e tests feed to Chromium, from files that ship in npm
// packages (nothing generated is committed; see docs/media-in-tests.md):
//   face.y4m    one 320×240 frame at 10 frames a second with a single frontal face, from
//               @vladmandic/face-api's demo photo
//   speech.wav  spoken English from espeak-ng (AnalyserNode level ≈ 0.34, above the 0.15 threshold)
//   silent.wav  two seconds of silence (the MIC_LOW_VOLUME case)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import jpeg from 'jpeg-js';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
export const FIXTURES_DIR = path.resolve(here, '../.fixtures');

// A small, slow camera: every frame is encoded (VP9, in software) for as long as a test records,
// and the e2e suite is bound by CPU on two cores. 320×240 at 10 frames a second instead of
// 640×480 at 30 cut the suite's CPU by a fifth (docs/media-in-tests.md); the face still passes
// the check, and nothing the tests assert depends on the size or the rate.
const WIDTH = 320;
const HEIGHT = 240;
const FRAME_RATE = 10;
// sample6.jpg is a group photo; this crop holds one frontal face (scored 0.80–0.99 at 640×480).
const CROP = { x: 102, y: 485, width: 480, height: 360 };

function sampleBilinear(image, x, y) {
  const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(y)));
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const rgb = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const at = (px, py) => image.data[(py * image.width + px) * 4 + c];
    const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
    const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
    rgb[c] = top * (1 - fy) + bottom * fy;
  }
  return rgb;
}

const clamp = (value) => Math.max(0, Math.min(255, Math.round(value)));

function makeFaceY4m(file) {
  const photo = require.resolve('@vladmandic/face-api/demo/sample6.jpg');
  const image = jpeg.decode(readFileSync(photo), { useTArray: true, formatAsRGBA: true });
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const rgbAt = [];
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const [r, g, b] = sampleBilinear(
        image,
        CROP.x + (col * CROP.width) / WIDTH,
        CROP.y + (row * CROP.height) / HEIGHT,
      );
      rgbAt[row * WIDTH + col] = [r, g, b];
      // BT.601 full range (JPEG) conversion, matching the C420jpeg header.
      y[row * WIDTH + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let row = 0; row < HEIGHT / 2; row++) {
    for (let col = 0; col < WIDTH / 2; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]) {
        const px = rgbAt[(row * 2 + dy) * WIDTH + col * 2 + dx];
        r += px[0] / 4;
        g += px[1] / 4;
        b += px[2] / 4;
      }
      u[row * (WIDTH / 2) + col] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[row * (WIDTH / 2) + col] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  const header = Buffer.from(
    `YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FRAME_RATE}:1 Ip A1:1 C420jpeg\nFRAME\n`,
  );
  writeFileSync(file, Buffer.concat([header, y, u, v]));
}

function makeSilentWav(file, seconds = 2, sampleRate = 16000) {
  const samples = seconds * sampleRate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  writeFileSync(file, buffer);
}

function makeSpeechWav(file) {
  const text =
    'Hello, my name is Dana. I have five years of experience building products with small teams, ' +
    'and I enjoy talking to customers and solving hard problems together.';
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-a', '200', '-w', file, text]);
}

export function makeFixtures() {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const outputs = {
    face: path.join(FIXTURES_DIR, 'face.y4m'),
    speech: path.join(FIXTURES_DIR, 'speech.wav'),
    silent: path.join(FIXTURES_DIR, 'silent.wav'),
  };
  if (!existsSync(outputs.face)) makeFaceY4m(outputs.face);
  if (!existsSync(outputs.speech)) makeSpeechWav(outputs.speech);
  if (!existsSync(outputs.silent)) makeSilentWav(outputs.silent);
  return outputs;
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
) {
  const started = Date.now();
  const outputs = makeFixtures();
  console.log(`fake-media fixtures ready in ${Date.now() - started} ms:`, outputs);
}
