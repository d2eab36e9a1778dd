import { describe, expect, it } from 'vitest';
import { createFakeApiClient } from '../test/render-with-providers';
import { getLoggedUser } from './session-query';

describe('getLoggedUser (spec §7: any failure is swallowed)', () => {
  it('returns the user the API answers', async () => {
    const api = createFakeApiClient({
      'user/logged': { _id: 'u1', fName: 'Dana', email: 'dana@example.com', emailVerified: true },
    });
    await expect(getLoggedUser(api)).resolves.toMatchObject({
      _id: 'u1',
      emailVerified: true,
      role: 'user',
    });
  });

  it.each([
    ['a failed call', createFakeApiClient()],
    ['an answer that is not a user', createFakeApiClient({ 'user/logged': '<html>' })],
  ])('returns null for %s', async (_label, api) => {
    await expect(getLoggedUser(api)).resolves.toBeNull();
  });
});
