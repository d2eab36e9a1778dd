// `npm start`: builds the web app and the server when their sources are newer than the build,
// then serves everything on the embedded defaults (http://localhost:3000 unless PORT/PUBLIC_URL).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
      continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(workspace, output) {
  const out = path.join(root, workspace, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, workspace)),
    newestMtime(path.join(root, 'packages/domain')),
  );
  return sources > built;
}

for (const [workspace, output] of [
  ['apps/web', 'dist/index.html'],
  ['apps/server', 'dist/main.js'],
]) {
  if (needsBuild(workspace, output)) {
    console.log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
      stdio: 'inherit',
      cwd: root,
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
