import { describe, expect, it } from 'vitest';
import { isInvitationPath, loadMoreStyles, withMoreStyles } from './mantine-styles';

describe('Mantine styles in two parts', () => {
  it.each([
    ['/interview/abc', true],
    ['/interview/abc/', true],
    ['/embed/abc', true],
    ['/interview/abc/inprogress', false],
    ['/interview/abc/end', false],
    ['/interview', false],
    ['/login', false],
    ['/backoffice/applicant', false],
    ['/', false],
  ])('%s is an invitation link: %s', (pathname, expected) => {
    expect(isInvitationPath(pathname)).toBe(expected);
  });

  it('loads the second part once, and a wrapped loader only after it', async () => {
    expect(loadMoreStyles()).toBe(loadMoreStyles());
    const order: string[] = [];
    void loadMoreStyles().then(() => order.push('styles'));
    const module = await withMoreStyles(async () => {
      order.push('screen');
      return { default: 'screen' };
    })();
    expect(module).toEqual({ default: 'screen' });
    expect(order).toEqual(['styles', 'screen']);
  });
});
