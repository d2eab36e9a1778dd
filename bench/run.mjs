// `npm run bench`: runs every benchmark in this folder (none of them is part of `npm test`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv[2];
for (const file of readdirSync(here).filter(
  (name) => name.endsWith('.mjs') && name !== 'run.mjs',
)) {
  if (only && !file.includes(only)) continue;
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
