// `npm start`: builds the web app and the server when their sources are newer than the build,
// then serves everything on the embedded defaults (http://localhost:3000 unless PORT/PUBLIC_URL).
//
// SIGTERM and SIGINT are passed to the running child (a build, then the server) and this
// process exits with it, so a supervisor stopping `npm start` stops the server too and frees
// its port. The npm script execs this file, so npm's forwarded signal reaches it directly.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The child running now (its process group when it is a build), and whether we are stopping. */
let current = null;
let stopSignal = null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal ??= signal;
    if (!current) process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    try {
      // A build runs npm, a shell and its tools: the whole group goes. The server is one node.
      process.kill(current.group ? -current.child.pid : current.child.pid, signal);
    } catch {
      // Already gone: its exit ends this process.
    }
  });
}

/** Runs a child to its end; resolves with its exit code (128 + n when a signal ended it). */
function run(command, args, options, group) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: group, ...options });
    current = { child, group };
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15));
    });
  });
}

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
  if (stopSignal) process.exit(1);
  if (needsBuild(workspace, output)) {
    console.log(`Building ${workspace}…`);
    const code = await run('npm', ['run', 'build', '--workspace', workspace], { cwd: root }, true);
    if (code !== 0 || stopSignal) process.exit(code || 1);
  }
}

// The server finds `.env` and resolves a relative DATA_DIR (default ./data) from the directory
// `npm start` was run in, npm's INIT_CWD: the repository's data/ when run from its root.
const code = await run(
  process.execPath,
  ['--enable-source-maps', 'dist/main.js'],
  {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      INIT_CWD: process.env.INIT_CWD ?? process.cwd(),
    },
  },
  false,
);
process.exit(code);
