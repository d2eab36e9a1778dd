import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logIn, signUp, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './test-app';
import { createSharedTestDatabase, testDbKinds } from './test-db';

/**
 * An access token lives until its session ends, not for its whole 15 minutes: logout, a
 * password change or reset ends it at once on every API process. Two app instances on one
 * database stand for two processes behind a load balancer; neither keeps per-process state.
 */
describe.each(testDbKinds('both'))('sessions end on every instance (%s)', (kind) => {
  let first: TestApp;
  let second: TestApp;
  let databases: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;

  beforeAll(async () => {
    databases = await createSharedTestDatabase(kind);
    first = await createTestApp(kind, {}, undefined, { database: databases[0] });
    second = await createTestApp(kind, {}, undefined, { database: databases[1] });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    // The apps leave a database they were given open; the second handle first, since closing the
    // first drops the database.
    await databases?.[1].close();
    await databases?.[0].close();
  });

  const logged = (t: TestApp, accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/logged', headers: bearer(accessToken) });

  function expectEnded(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, key: 'INVALID_TOKEN_ERR' });
  }

  it('refuses the access token on the other instance once its session is logged out', async () => {
    const { email } = await signUp(first.app);
    const session = await logIn(first.app, email, TEST_PASSWORD);
    const other = await logIn(second.app, email, TEST_PASSWORD);
    expect((await logged(second, session.accessToken)).statusCode).toBe(200);

    const logout = await first.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    expectEnded(await logged(second, session.accessToken));
    expectEnded(await logged(first, session.accessToken));
    // The user's other session goes on.
    expect((await logged(first, other.accessToken)).statusCode).toBe(200);
  });

  it('ends the session of the access token a logout is sent with, refresh token or not', async () => {
    const { email } = await signUp(first.app);
    const session = await logIn(first.app, email, TEST_PASSWORD);
    const logout = await second.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expectEnded(await logged(first, session.accessToken));
    const refresh = await first.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.json()).toMatchObject({ status: 401, key: 'INVALID_REFRESH_TOKEN_ERR' });
  });

  it("ends the user's other sessions' access tokens when they change their password", async () => {
    const { email, user } = await signUp(first.app);
    const own = await logIn(first.app, email, TEST_PASSWORD);
    const elsewhere = await logIn(second.app, email, TEST_PASSWORD);
    const change = await first.app.inject({
      method: 'PUT',
      url: `/api/user/password/${user._id}`,
      headers: bearer(own.accessToken),
      payload: { newPassword: 'Changed123' },
    });
    expect(change.statusCode).toBe(200);
    expectEnded(await logged(second, elsewhere.accessToken));
    expect((await logged(second, own.accessToken)).statusCode).toBe(200);
  });

  it('ends a session whose refresh token was reused, access token included', async () => {
    const { email } = await signUp(first.app);
    const session = await logIn(first.app, email, TEST_PASSWORD);
    const refresh = (t: TestApp, refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { refreshToken } });
    const rotated = (await refresh(first, session.refreshToken)).json() as {
      accessToken: string;
    };
    expect((await logged(second, rotated.accessToken)).statusCode).toBe(200);
    // The first refresh token again, at the other instance: taken as stolen.
    expect((await refresh(second, session.refreshToken)).statusCode).toBe(401);
    expectEnded(await logged(first, rotated.accessToken));
  });
});
