import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserFromCli, parseUserCreateArgs, UsageError } from '../src/cli/user-create';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, logIn, uniqueEmail } from './factories';

describe('user:create arguments', () => {
  it('reads the options', () => {
    expect(
      parseUserCreateArgs([
        '--email',
        'a@b.io',
        '--admin',
        '--fName',
        'Ada',
        '--password',
        'Secret123',
      ]),
    ).toEqual({
      email: 'a@b.io',
      admin: true,
      fName: 'Ada',
      lName: undefined,
      password: 'Secret123',
    });
  });

  it.each([[[]], [['--email']], [['--email', 'a@b.io', '--bogus']]])('refuses %j', (argv) => {
    expect(() => parseUserCreateArgs(argv)).toThrow(UsageError);
  });
});

describe.each(testDbKinds())('user:create on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('creates a verified admin with a generated password that logs in', async () => {
    const email = uniqueEmail('Admin').toUpperCase();
    const result = await createUserFromCli(t.app.db, { email, admin: true });
    expect(result.isGenerated).toBe(true);
    expect(result.user).toMatchObject({
      email: email.toLowerCase(),
      role: 'admin',
      emailVerified: true,
      fName: 'Admin',
    });
    const session = await logIn(t.app, email.toLowerCase(), result.password);
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/user/query',
      headers: bearer(session.accessToken),
    });
    expect(accounts.statusCode).toBe(200);
  });

  it('creates an ordinary user with the given password and names', async () => {
    const email = uniqueEmail('cli');
    const result = await createUserFromCli(t.app.db, {
      email,
      admin: false,
      password: 'Given1234',
      fName: 'Gil',
      lName: 'Bar',
    });
    expect(result).toMatchObject({
      isGenerated: false,
      user: { role: 'user', fName: 'Gil', lName: 'Bar' },
    });
    expect((await logIn(t.app, email, 'Given1234')).user.emailVerified).toBe(true);
  });

  it('refuses a bad email, a weak password and a taken email', async () => {
    await expect(createUserFromCli(t.app.db, { email: 'nope', admin: false })).rejects.toThrow(
      'Please enter a valid email',
    );
    await expect(
      createUserFromCli(t.app.db, { email: uniqueEmail(), admin: false, password: 'weak' }),
    ).rejects.toThrow(/at least 6 characters/);
    const email = uniqueEmail('twice');
    await createUserFromCli(t.app.db, { email, admin: false });
    await expect(createUserFromCli(t.app.db, { email, admin: true })).rejects.toThrow(
      'already exists',
    );
  });
});
