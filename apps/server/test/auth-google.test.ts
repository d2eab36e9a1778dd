import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, signUp, uniqueEmail } from './factories';

const CLIENT_ID = 'candid-test.apps.googleusercontent.com';

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/** A stand-in for Google: a JWKS served over HTTP and ID tokens signed with its key. */
async function startFakeGoogle() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function sign(
    claims: GoogleClaims,
    options: {
      key?: CryptoKey;
      audience?: string;
      issuer?: string;
      expiresAt?: number;
      issuedAt?: number;
    } = {},
  ): Promise<string> {
    const nowSec = Math.floor(Date.now() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject(claims.sub ?? `google-${Math.random().toString(36).slice(2)}`)
      .setIssuedAt(options.issuedAt ?? nowSec)
      .setExpirationTime(options.expiresAt ?? nowSec + 3600)
      .sign(options.key ?? privateKey);
  }

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDbKinds())('Google sign-in on %s', (kind) => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;
  let t: TestApp;

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp(kind, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const loginGoogle = (idToken: string, lang?: 'en' | 'he') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login-google',
      payload: { idToken, ...(lang ? { lang } : {}) },
    });

  it('tells the login page the client id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.json()).toEqual({ googleClientId: CLIENT_ID });
  });

  it('creates a verified account with its own organisation on first sign-in, and finds it again', async () => {
    const email = uniqueEmail('google');
    const idToken = await google.sign({
      sub: 'sub-new',
      email,
      given_name: 'Gal',
      family_name: 'Cohen',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    const first = await loginGoogle(idToken, 'he');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.user).toMatchObject({
      email,
      fName: 'Gal',
      lName: 'Cohen',
      emailVerified: true,
      perm: 999,
      role: 'user',
      language: 'he',
      imgUrl: 'https://lh3.googleusercontent.com/a/photo',
    });
    const logged = await t.app.inject({
      method: 'GET',
      url: '/api/user/logged',
      headers: bearer(body.accessToken),
    });
    expect(logged.json()._id).toBe(body.user._id);

    const again = await loginGoogle(await google.sign({ sub: 'sub-new', email }));
    expect(again.json().user._id).toBe(body.user._id);
  });

  it('links Google to an existing password account with the same email, verifying it', async () => {
    const { email, user } = await signUp(t.app);
    expect(user.emailVerified).toBe(false);
    const response = await loginGoogle(await google.sign({ sub: 'sub-linked', email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ _id: user._id, emailVerified: true });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.googleSub).toBe('sub-linked');
  });

  it.each([
    [
      'a bad signature',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return google.sign({ email: uniqueEmail() }, { key: privateKey });
      },
    ],
    ['a wrong audience', () => google.sign({ email: uniqueEmail() }, { audience: 'someone-else' })],
    [
      'a wrong issuer',
      () => google.sign({ email: uniqueEmail() }, { issuer: 'https://evil.example' }),
    ],
    [
      'an expired token',
      () => {
        const nowSec = Math.floor(Date.now() / 1000);
        return google.sign(
          { email: uniqueEmail() },
          { issuedAt: nowSec - 7200, expiresAt: nowSec - 3600 },
        );
      },
    ],
    ['an unverified email', () => google.sign({ email: uniqueEmail(), email_verified: false })],
    ['no email', () => google.sign({})],
    ['garbage', async () => 'not-a-jwt'],
  ])('refuses %s with INVALID_PROVIDER_TOKEN_ERR', async (_name, makeToken) => {
    const response = await loginGoogle(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, key: 'INVALID_PROVIDER_TOKEN_ERR' });
  });

  it('does not hand an account tied to one Google identity to another', async () => {
    const email = uniqueEmail('taken');
    expect((await loginGoogle(await google.sign({ sub: 'sub-a', email }))).statusCode).toBe(200);
    const other = await loginGoogle(await google.sign({ sub: 'sub-b', email }));
    expect(other.json().key).toBe('INVALID_PROVIDER_TOKEN_ERR');
  });
});

describe('Google sign-in switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('offers no Google button and answers 404 without GOOGLE_CLIENT_ID', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(config.json()).toEqual({ googleClientId: null });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-google',
      payload: { idToken: 'whatever' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().key).toBe('NOT_FOUND_ERR');
  });
});
