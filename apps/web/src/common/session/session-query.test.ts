import { describe, expect, it, vi } from 'vitest';
import { createFakeApiClient } from '../test/render-with-providers';
import { getLoggedUser } from './session-query';

describe('getLoggedUser (any failure is swallowed)', () => {
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

  it("asks with the logged-out visitor's 401 as an expected answer, so it is never an error record", async () => {
    const api = createFakeApiClient();
    const get = vi.spyOn(api, 'get');
    await getLoggedUser(api);
    expect(get).toHaveBeenCalledWith('user/logged', { expectedStatuses: [401] });
  });
});
