// Measures what a first visit downloads: the scripts index.html loads (entry + modulepreloads)
// and their CSS, raw and gzip, plus every lazily loaded chunk. Run after `npm run build`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);

const sizeOf = (file) => {
  const buffer = readFileSync(path.join(dist, file));
  return { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

let totalJs = { raw: 0, gzip: 0 };
let totalCss = { raw: 0, gzip: 0 };
console.log('Initial load (referenced by index.html):');
for (const file of initial) {
  const size = sizeOf(file);
  const total = file.endsWith('.js') ? totalJs : totalCss;
  total.raw += size.raw;
  total.gzip += size.gzip;
  console.log(
    `  ${file.padEnd(48)} ${kb(size.raw).padStart(11)}  gzip ${kb(size.gzip).padStart(10)}`,
  );
}
console.log(`  initial JS  ${kb(totalJs.raw)} (gzip ${kb(totalJs.gzip)})`);
console.log(`  initial CSS ${kb(totalCss.raw)} (gzip ${kb(totalCss.gzip)})`);

const lazy = readdirSync(path.join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !initial.includes(file))
  .sort((a, b) => statSync(path.join(dist, b)).size - statSync(path.join(dist, a)).size);
console.log(`Lazy chunks (${lazy.length}):`);
for (const file of lazy) {
  const size = sizeOf(file);
  console.log(
    `  ${file.padEnd(48)} ${kb(size.raw).padStart(11)}  gzip ${kb(size.gzip).padStart(10)}`,
  );
}
