// What the benchmarks share: a free port, polling, API calls and a verified recruiter made as a
// person would (signup, then the link in the outbox).
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** A free TCP port on the loopback interface. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it returns something truthy, or throws after `timeoutMs`. */
export async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One JSON call to the API; throws with the status and body when it fails. */
export async function api(baseUrl, method, route, body, token) {
  const response = await fetch(`${baseUrl}/api/${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A verified recruiter: signup, then the emailed link's token from the outbox. Returns the
 * session (accessToken, refreshToken, user).
 */
export async function createRecruiter(baseUrl, dataDir) {
  const email = `bench-${Date.now()}@example.com`;
  await api(baseUrl, 'POST', 'auth/signup', {
    fName: 'Bench',
    lName: 'Recruiter',
    email,
    password: 'Secret123',
  });
  const outbox = path.join(dataDir, 'outbox');
  const token = await waitFor(async () => {
    for (const name of await readdir(outbox)) {
      if (!name.endsWith('.json')) continue;
      const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8'));
      if (mail.to !== email) continue;
      const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=[^\s"<]+/u)?.[0];
      if (link) return new URL(link).searchParams.get('token');
    }
    return null;
  }, 'the verification email');
  return api(baseUrl, 'PUT', 'auth/verify-email', { code: token });
}
