import { IMAGE_MAX_BYTES } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, signUp, type SignedUp } from './factories';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDbKinds())('profile image uploads on %s', (kind) => {
  let t: TestApp;
  let user: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app);
  });
  afterAll(async () => t?.close());

  const upload = (body: Buffer | string, contentType: string, kindParam = 'avatar', who = user) =>
    t.app.inject({
      method: 'POST',
      url: `/api/upload/image?kind=${kindParam}`,
      headers: { ...bearer(who.accessToken), 'content-type': contentType },
      payload: body,
    });

  it('stores an image under the organisation and serves it through a stable URL', async () => {
    const response = await upload(PNG, 'image/png', 'logo');
    expect(response.statusCode).toBe(201);
    const { url, key } = response.json();
    expect(key).toMatch(new RegExp(`^org/${user.user.companyId}/images/[0-9a-f]{32}\\.png$`));
    expect(url).toBe(`/api/files/${key}`);
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      kind: 'logo',
      status: 'completed',
      sizeBytes: PNG.length,
      orgId: user.user.companyId,
    });

    // Public: no login needed (logos show on the candidate invitation page).
    const redirect = await t.app.inject({ method: 'GET', url });
    expect(redirect.statusCode).toBe(302);
    // A same-origin link: the app works under any host name it is opened with.
    const location = redirect.headers.location as string;
    expect(location).toMatch(/^\/api\/storage\/object\//);
    const file = await t.app.inject({ method: 'GET', url: location });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('refuses an image over 200 KB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await upload(big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, key: 'PAYLOAD_TOO_LARGE_ERR' });
  });

  it.each([
    ['text', 'hello', 'text/plain'],
    ['JSON', JSON.stringify({ a: 1 }), 'application/json'],
    ['a PDF', Buffer.from('%PDF-1.4 ...'), 'application/pdf'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['HTML dressed as PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['a PNG declared as JPEG', PNG, 'image/jpeg'],
  ])('refuses %s with 400', async (_name, body, contentType) => {
    const response = await upload(body, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('VALIDATION_ERR');
  });

  it('needs a login and a known kind', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image?kind=avatar',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(PNG, 'image/png', 'cv')).statusCode).toBe(400);
  });

  it('serves only recorded public objects', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/files/org/x/images/nope.png' });
    expect(unknown.statusCode).toBe(404);
    await t.app.storage.putObject('private/cv.pdf', Buffer.from('%PDF'), {
      contentType: 'application/pdf',
    });
    await t.app.db.insert(uploads).values({
      kind: 'cv',
      key: 'private/cv.pdf',
      contentType: 'application/pdf',
      status: 'completed',
    });
    const cv = await t.app.inject({ method: 'GET', url: '/api/files/private/cv.pdf' });
    expect(cv.statusCode).toBe(404);
  });
});
