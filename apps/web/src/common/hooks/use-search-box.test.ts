import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followRouter } from '../routing/live-location';
import { useSearchBox } from './use-search-box';

const PAGE = '/backoffice/admin/account';

function OnPage({ children }: { children: ReactNode }) {
  return createElement(MemoryRouter, { initialEntries: [PAGE] }, children);
}

/** A router whose location the test moves, as the app's router moves before the old page goes. */
function fakeRouter(pathname: string) {
  const listeners = new Set<(state: { location: { pathname: string } }) => void>();
  const router = {
    state: { location: { pathname } },
    subscribe: (listener: (state: { location: { pathname: string } }) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(to: string) {
      router.state = { location: { pathname: to } };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

describe('useSearchBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(initial = '') {
    const onCommit = vi.fn();
    const hook = renderHook(({ committed }) => useSearchBox(committed, onCommit, 200), {
      initialProps: { committed: initial },
      wrapper: OnPage,
    });
    return { onCommit, hook, type: (text: string) => void act(() => hook.result.current[1](text)) };
  }

  it('commits the trimmed text once, 200 ms after the last keystroke', () => {
    const { onCommit, hook, type } = setup();
    type('d');
    type('da');
    type(' dana ');
    expect(hook.result.current[0]).toBe(' dana ');
    void act(() => vi.advanceTimersByTime(199));
    expect(onCommit).not.toHaveBeenCalled();
    void act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('dana');
  });

  it('does not commit text that only differs by spaces from the committed one', () => {
    const { onCommit, type } = setup('dana');
    type('dana  ');
    void act(() => vi.advanceTimersByTime(500));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('follows an outside change and drops the pending keystroke', () => {
    const { onCommit, hook, type } = setup('dana');
    type('danny');
    // Back button: the URL goes back to no search before the debounce fires.
    hook.rerender({ committed: '' });
    expect(hook.result.current[0]).toBe('');
    void act(() => vi.advanceTimersByTime(500));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('keeps typing when the URL echoes its own commit', () => {
    const { onCommit, hook, type } = setup();
    type('ann');
    void act(() => vi.advanceTimersByTime(200));
    expect(onCommit).toHaveBeenCalledWith('ann');
    type('anna');
    hook.rerender({ committed: 'ann' });
    expect(hook.result.current[0]).toBe('anna');
    void act(() => vi.advanceTimersByTime(200));
    expect(onCommit).toHaveBeenLastCalledWith('anna');
  });

  it('follows the URL back to a text it committed before (back, then forward)', () => {
    const { hook, type } = setup();
    type('ann');
    void act(() => vi.advanceTimersByTime(200));
    hook.rerender({ committed: 'ann' });
    hook.rerender({ committed: '' });
    expect(hook.result.current[0]).toBe('');
    hook.rerender({ committed: 'ann' });
    expect(hook.result.current[0]).toBe('ann');
  });

  it('drops a commit that falls due after the router left the page (the old page still shown)', () => {
    const router = fakeRouter(PAGE);
    const stopFollowing = followRouter(router);
    try {
      const { onCommit, type } = setup();
      type('vera@example.com');
      router.go('/backoffice/job');
      void act(() => vi.advanceTimersByTime(200));
      expect(onCommit).not.toHaveBeenCalled();

      router.go(PAGE);
      type('vera');
      void act(() => vi.advanceTimersByTime(200));
      expect(onCommit).toHaveBeenCalledExactlyOnceWith('vera');
    } finally {
      stopFollowing();
    }
  });
});
