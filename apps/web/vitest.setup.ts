import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAlertNotifications } from './src/common/ui/alert-notifications';

// findBy*/waitFor give up after 1 s by default. `npm test` runs this suite beside the server's and
// the e2e suite on two cores, where a screen of 30 job cards that settles in 2 s alone has taken
// over 20 s. A wait, not a speed target (bench/ measures speed).
configure({ asyncUtilTimeout: 30_000 });

// The app loads the notifications at the first alert (alert-notifications.tsx). Loaded here
// first, they render at once as they did when they were part of the entry, so a test's alert
// shows without a chunk load in the way, which on busy cores could outlast a test's fake-timer
// window (e.g. a 5 s resend lock).
await loadAlertNotifications();

// jsdom lacks the layout APIs Mantine calls (media queries, element resize observation, scrolling).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
// The rich-text editor (ProseMirror) measures ranges to scroll the cursor into view.
const emptyRects = (): DOMRectList =>
  Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;
// The bottom sheet (vaul) captures the pointer while it is dragged.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
window.scrollTo = () => {};
// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  cleanup();
  // Mantine's notifications live in a module-level store that outlives the unmounted container:
  // a test that ends before its alerts close would leave them there, and once five are held the
  // next test's alerts wait in the queue, never shown.
  notifications.clean();
  window.localStorage.clear();
});
