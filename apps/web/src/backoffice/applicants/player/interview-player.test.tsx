import { PLAYER_BUFFER_CHECK_MS, PLAYER_INITIAL_TIME_SEC } from '@candid/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyDocumentLanguage } from '../../../common/i18n/languages';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { fakeMedia, installFakeMedia, loadFakeMedia } from './fake-media';
import {
  InterviewPlayer,
  type InterviewPlayerHandle,
  type InterviewPlayerProps,
} from './interview-player';

const ANSWER_1 = {
  faceUrl: 'https://files.test/a1-face.webm',
  screenUrl: 'https://files.test/a1-screen.webm',
};
const ANSWER_2 = { faceUrl: 'https://files.test/a2-face.webm', screenUrl: null };

/** The player with a "Next answer" button outside it, as the details page switches answers. */
function PlayerPage({
  answers,
  playerRef,
  ...props
}: Omit<InterviewPlayerProps, 'faceUrl' | 'screenUrl'> & {
  answers: Pick<
    InterviewPlayerProps,
    'faceUrl' | 'screenUrl' | 'faceDurationSec' | 'screenDurationSec'
  >[];
  playerRef: React.Ref<InterviewPlayerHandle>;
}) {
  const [index, setIndex] = useState(0);
  const answer = answers[index] ?? answers[0]!;
  return (
    <>
      <InterviewPlayer ref={playerRef} {...props} {...answer} />
      <button type="button" onClick={() => setIndex((current) => current + 1)}>
        Next answer
      </button>
    </>
  );
}

function renderPlayer(
  { answers = [ANSWER_1], ...props }: Partial<Parameters<typeof PlayerPage>[0]> = {},
  language: 'en' | 'he' = 'en',
) {
  const ref = createRef<InterviewPlayerHandle>();
  // As the app's entry does before the first render (Mantine reads the direction from <html>).
  applyDocumentLanguage(language);
  renderWithProviders(<PlayerPage answers={answers} playerRef={ref} {...props} />, { language });
  return ref;
}

const video = (kind: 'face' | 'screen') => screen.getByTestId<HTMLVideoElement>(`${kind}-video`);
const slot = (kind: 'face' | 'screen') => screen.getByTestId(`${kind}-slot`);
const seekBar = () => screen.getByRole('slider', { name: 'Position in the video' });

/** Both recordings load with known durations: screen 60 s, face 58 s. */
function loadBoth() {
  loadFakeMedia(video('screen'), 60);
  loadFakeMedia(video('face'), 58);
}

describe('InterviewPlayer', () => {
  beforeEach(() => installFakeMedia());
  afterEach(() => applyDocumentLanguage('en'));

  describe('main and secondary videos', () => {
    it('shows the screen recording as the main video and the camera in the muted floating window', () => {
      renderPlayer();
      loadBoth();
      expect(slot('screen')).toHaveAttribute('data-role', 'main');
      expect(slot('face')).toHaveAttribute('data-role', 'secondary');
      expect(screen.getByRole('group', { name: /Camera recording — drag it or move it/ })).toBe(
        slot('face'),
      );
      expect(video('face').muted).toBe(true);
      expect(video('screen').muted).toBe(false);
      expect(seekBar()).toHaveAttribute('aria-valuemax', '60');
    });

    it('shows a lone camera recording as the main video without a floating window', () => {
      renderPlayer({ answers: [ANSWER_2] });
      loadFakeMedia(video('face'), 30);
      expect(slot('face')).toHaveAttribute('data-role', 'main');
      expect(screen.queryByTestId('screen-video')).not.toBeInTheDocument();
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Swap with the main video' })).toBeNull();
    });

    it('swaps the videos without reloading them; the seek bar follows the new main video', () => {
      renderPlayer();
      loadBoth();
      const [faceElement, screenElement] = [video('face'), video('screen')];
      fireEvent.click(screen.getByRole('button', { name: 'Swap with the main video' }));
      expect(slot('face')).toHaveAttribute('data-role', 'main');
      expect(slot('screen')).toHaveAttribute('data-role', 'secondary');
      expect(video('face')).toBe(faceElement);
      expect(video('screen')).toBe(screenElement);
      expect(video('face').muted).toBe(false);
      expect(video('screen').muted).toBe(true);
      expect(seekBar()).toHaveAttribute('aria-valuemax', '58');
      expect(
        screen.getByRole('group', { name: /Screen recording — drag it or move it/ }),
      ).toBeInTheDocument();
    });

    it('closes the floating window and reopens it from the control bar, moving focus', () => {
      renderPlayer();
      loadBoth();
      fireEvent.click(screen.getByRole('button', { name: 'Close the small window' }));
      expect(slot('face')).not.toBeVisible();
      const reopen = screen.getByRole('button', { name: 'Show the camera recording' });
      expect(reopen).toHaveFocus();
      fireEvent.click(reopen);
      expect(slot('face')).toBeVisible();
      expect(slot('face')).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Show the camera recording' })).toBeNull();
    });

    it('plays, pauses and seeks the secondary video together with the main one', () => {
      renderPlayer();
      loadBoth();
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      expect(fakeMedia(video('screen')).paused).toBe(false);
      expect(fakeMedia(video('face')).paused).toBe(false);
      expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

      fakeMedia(video('screen')).currentTime = 20;
      fireEvent.seeking(video('screen'));
      expect(fakeMedia(video('face')).currentTime).toBe(20);

      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      expect(fakeMedia(video('screen')).paused).toBe(true);
      expect(fakeMedia(video('face')).paused).toBe(true);
    });

    it('toggles playback by clicking the video and with the Space key', () => {
      renderPlayer();
      loadBoth();
      fireEvent.click(slot('screen'));
      expect(fakeMedia(video('screen')).paused).toBe(false);
      fireEvent.keyDown(slot('screen'), { key: ' ' });
      expect(fakeMedia(video('screen')).paused).toBe(true);
      // Space on a button is the button's own press, not a second toggle.
      fireEvent.keyDown(screen.getByRole('button', { name: 'Play' }), { key: ' ' });
      expect(fakeMedia(video('screen')).paused).toBe(true);
    });

    it.each([
      ['en', '52px'],
      ['he', '0px'],
    ] as const)('drags the floating window inside the player (%s)', (language, inlineEnd) => {
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: Element,
      ) {
        const isWindow = this.hasAttribute('data-floating-window');
        return new DOMRect(0, 0, isWindow ? 200 : 800, isWindow ? 150 : 450);
      });
      renderPlayer({}, language);
      const floating = slot('face');
      fireEvent.pointerDown(floating, { clientX: 300, clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(floating, { clientX: 260, clientY: 120, pointerId: 1 });
      fireEvent.pointerUp(floating, { clientX: 260, clientY: 120, pointerId: 1 });
      // 12 px from the inline end at first. 40 px to the left is 40 px further from the right
      // edge (the inline end) in English; in Hebrew the left edge is the inline end, so it stops.
      expect(floating.style.insetInlineEnd).toBe(inlineEnd);
      expect(floating.style.top).toBe('32px');
      fireEvent.pointerDown(floating, { clientX: 0, clientY: 0, pointerId: 2 });
      fireEvent.pointerMove(floating, { clientX: 0, clientY: 2000, pointerId: 2 });
      expect(floating.style.top).toBe('300px');
      // A tap on a button in the window is not a drag.
      fireEvent.pointerUp(floating, { pointerId: 2 });
      const [swapButton] = within(floating).getAllByRole('button');
      fireEvent.pointerDown(swapButton!, { clientX: 0, clientY: 0, pointerId: 3 });
      fireEvent.pointerMove(floating, { clientX: 500, clientY: 0, pointerId: 3 });
      expect(floating.style.top).toBe('300px');
    });

    it('moves the focused floating window with the arrow keys', () => {
      vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: Element,
      ) {
        const isWindow = this.hasAttribute('data-floating-window');
        return new DOMRect(0, 0, isWindow ? 200 : 800, isWindow ? 150 : 450);
      });
      renderPlayer();
      const floating = slot('face');
      fireEvent.keyDown(floating, { key: 'ArrowLeft' });
      fireEvent.keyDown(floating, { key: 'ArrowDown' });
      expect(floating.style.insetInlineEnd).toBe('28px');
      expect(floating.style.top).toBe('28px');
    });
  });

  describe('controls', () => {
    it('applies a speed from the menu to both videos and keeps it for the next answer', () => {
      renderPlayer({ answers: [ANSWER_1, ANSWER_2] });
      loadBoth();
      fireEvent.click(screen.getByRole('button', { name: 'Playback speed: Normal' }));
      const menu = screen.getByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '2×']);
      fireEvent.click(within(menu).getByRole('menuitem', { name: '1.5×' }));
      expect(video('screen').playbackRate).toBe(1.5);
      expect(video('face').playbackRate).toBe(1.5);
      expect(screen.getByRole('button', { name: 'Playback speed: 1.5×' })).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Next answer' }));
      loadFakeMedia(video('face'), 30);
      expect(video('face').playbackRate).toBe(1.5);
      expect(screen.getByRole('button', { name: 'Playback speed: 1.5×' })).toBeInTheDocument();
    });

    it('shows the volume icon by the spec thresholds and mutes with the icon', () => {
      renderPlayer();
      loadBoth();
      const volumeButton = () => screen.getByRole('button', { name: /^(Mute|Unmute)$/ });
      const slider = screen.getByRole('slider', { name: 'Volume' });
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'high');
      fireEvent.keyDown(slider, { key: 'Home' });
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'mute');
      expect(volumeButton()).toHaveAccessibleName('Unmute');
      expect(video('screen').muted).toBe(true);
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      expect(video('screen').volume).toBeCloseTo(0.1);
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'low');
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'medium');
      fireEvent.keyDown(slider, { key: 'End' });
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'high');
      fireEvent.click(volumeButton());
      expect(video('screen').muted).toBe(true);
      expect(volumeButton()).toHaveAttribute('data-volume-icon', 'mute');
      fireEvent.click(volumeButton());
      expect(video('screen').muted).toBe(false);
      expect(video('screen').volume).toBe(1);
    });

    it('seeks with the keyboard on the seek bar, forward with → also in Hebrew', () => {
      renderPlayer({}, 'he');
      loadBoth();
      const bar = screen.getByRole('slider', { name: 'מיקום בסרטון' });
      expect(bar).toHaveAttribute('dir', 'ltr');
      fireEvent.keyDown(bar, { key: 'ArrowRight' });
      expect(fakeMedia(video('screen')).currentTime).toBeCloseTo(PLAYER_INITIAL_TIME_SEC + 5);
      fireEvent.keyDown(bar, { key: 'End' });
      expect(fakeMedia(video('screen')).currentTime).toBe(60);
      expect(bar).toHaveAttribute('aria-valuetext', '01:00 מתוך 01:00');
      fireEvent.keyDown(bar, { key: 'Home' });
      expect(fakeMedia(video('screen')).currentTime).toBe(0);
    });

    it('marks bookmarks on the seek bar where they fall in the video', () => {
      renderPlayer({
        markers: [
          { seconds: 15, label: 'Clear intro' },
          { seconds: 45, label: 'Struggles with the loop' },
          { seconds: 90, label: 'Past the end' },
        ],
      });
      loadBoth();
      const markers = screen.getAllByTestId('seek-marker');
      expect(markers.map((marker) => marker.style.insetInlineStart)).toEqual(['25%', '75%']);
    });

    it('shows the buffered share, checked every second until 99 % is buffered', () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        renderPlayer();
        fakeMedia(video('screen')).bufferedEnd = 30;
        loadBoth();
        expect(screen.getByTestId('seek-buffered').style.width).toBe('50%');
        fakeMedia(video('screen')).bufferedEnd = 59.5;
        act(() => {
          vi.advanceTimersByTime(PLAYER_BUFFER_CHECK_MS);
        });
        expect(screen.getByTestId('seek-buffered').style.width).toBe('100%');
        // Complete: the check stops, so a shrinking buffer (the browser evicting) is not shown.
        fakeMedia(video('screen')).bufferedEnd = 10;
        act(() => {
          vi.advanceTimersByTime(PLAYER_BUFFER_CHECK_MS * 3);
        });
        expect(screen.getByTestId('seek-buffered').style.width).toBe('100%');
      } finally {
        vi.useRealTimers();
      }
    });

    it('enters full screen with the player container and reflects the browser state', () => {
      // jsdom has no Fullscreen API: the browser's part is played here.
      let fullscreenElement: Element | null = null;
      const requestFullscreen = vi.fn(() => Promise.resolve());
      const exitFullscreen = vi.fn(() => Promise.resolve());
      const documentProps = {
        fullscreenEnabled: { configurable: true, get: () => true },
        fullscreenElement: { configurable: true, get: () => fullscreenElement },
        exitFullscreen: { configurable: true, value: exitFullscreen },
      };
      Object.defineProperties(document, documentProps);
      HTMLElement.prototype.requestFullscreen = requestFullscreen;
      try {
        renderPlayer();
        loadBoth();
        const region = screen.getByRole('region', { name: 'Answer video' });
        fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
        expect(requestFullscreen).toHaveBeenCalledOnce();
        expect(requestFullscreen.mock.contexts[0]).toBe(region);
        fullscreenElement = region;
        fireEvent(document, new Event('fullscreenchange'));
        const exit = screen.getByRole('button', { name: 'Exit full screen' });
        expect(exit).toHaveAttribute('aria-pressed', 'true');
        fireEvent.keyDown(seekBar(), { key: 'Escape' });
        expect(exitFullscreen).toHaveBeenCalledOnce();
        fullscreenElement = null;
        fireEvent(document, new Event('fullscreenchange'));
        expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
      } finally {
        delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
        for (const name of Object.keys(documentProps)) Reflect.deleteProperty(document, name);
      }
    });

    it('shows a spinner while loading and while waiting for data', () => {
      renderPlayer();
      expect(screen.getByRole('status')).toHaveTextContent('Loading the video…');
      expect(seekBar()).toHaveAttribute('aria-disabled', 'true');
      loadBoth();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      fireEvent.waiting(video('screen'));
      expect(screen.getByRole('status')).toBeInTheDocument();
      fireEvent.playing(video('screen'));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('shows an error with a retry when the main video cannot load', () => {
      renderPlayer();
      fireEvent.error(video('screen'));
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('This video could not be loaded.');
      expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(HTMLMediaElement.prototype.load).toHaveBeenCalled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toBeInTheDocument();
    });

    it('says so when the answer has no recording', () => {
      renderPlayer({ answers: [{ faceUrl: null, screenUrl: null }] });
      expect(screen.getByText('There is no video recording for this answer.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    });
  });

  describe('handle and callbacks', () => {
    it('seekTo clamps to the duration and plays; the getters report the main video', () => {
      const ref = renderPlayer();
      loadBoth();
      expect(ref.current?.getDuration()).toBe(60);
      expect(ref.current?.getCurrentTime()).toBe(PLAYER_INITIAL_TIME_SEC);
      act(() => ref.current?.seekTo(500));
      expect(fakeMedia(video('screen')).currentTime).toBe(60);
      expect(fakeMedia(video('screen')).paused).toBe(false);
      act(() => ref.current?.seekTo(-3));
      expect(ref.current?.getCurrentTime()).toBe(0);
      act(() => ref.current?.seekTo(12.5));
      expect(ref.current?.getCurrentTime()).toBe(12.5);
      expect(fakeMedia(video('face')).currentTime).toBe(12.5);
    });

    it('seekTo before the video can play waits for it, then seeks and plays', () => {
      const ref = renderPlayer();
      act(() => ref.current?.seekTo(25));
      expect(fakeMedia(video('screen')).paused).toBe(true);
      loadBoth();
      expect(fakeMedia(video('screen')).currentTime).toBe(25);
      expect(fakeMedia(video('screen')).paused).toBe(false);
    });

    it('uses the server duration when the element reports Infinity', () => {
      const ref = renderPlayer({
        answers: [{ ...ANSWER_1, screenDurationSec: 42, faceDurationSec: 41 }],
      });
      loadFakeMedia(video('screen'), Infinity);
      loadFakeMedia(video('face'), Infinity);
      expect(ref.current?.getDuration()).toBe(42);
      expect(seekBar()).toHaveAttribute('aria-valuemax', '42');
      expect(fakeMedia(video('screen')).seeks).toEqual([PLAYER_INITIAL_TIME_SEC]);
      act(() => ref.current?.seekTo(100));
      expect(fakeMedia(video('screen')).currentTime).toBe(42);
    });

    it('learns an Infinity duration by seeking past the end when the server has none', async () => {
      const onTimeChange = vi.fn();
      const ref = renderPlayer({ onTimeChange });
      const main = video('screen');
      loadFakeMedia(main, Infinity);
      loadFakeMedia(video('face'), 58);
      expect(fakeMedia(main).seeks).toEqual([Number.MAX_SAFE_INTEGER]);
      expect(screen.getByRole('status')).toBeInTheDocument();
      expect(ref.current?.getDuration()).toBe(0);
      // Events of the probe are not playback: no time update is reported from the far end.
      fireEvent.timeUpdate(main);
      expect(onTimeChange).not.toHaveBeenCalled();

      fakeMedia(main).duration = 13.6;
      // The probe settles in a promise callback: let it run inside act.
      await act(async () => {
        fireEvent.durationChange(main);
      });
      expect(fakeMedia(main).currentTime).toBe(PLAYER_INITIAL_TIME_SEC);
      expect(ref.current?.getDuration()).toBe(13.6);
      expect(seekBar()).toHaveAttribute('aria-valuemax', '13');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(onTimeChange).toHaveBeenLastCalledWith(PLAYER_INITIAL_TIME_SEC, 13.6);
    });

    it('reports time updates and the first play of each answer once', () => {
      const onTimeChange = vi.fn();
      const onFirstPlay = vi.fn();
      renderPlayer({ answers: [ANSWER_1, ANSWER_2], onTimeChange, onFirstPlay });
      loadBoth();
      const play = () => fireEvent.click(screen.getByRole('button', { name: /^(Play|Pause)$/ }));
      play();
      play();
      play();
      expect(onFirstPlay).toHaveBeenCalledOnce();
      fakeMedia(video('screen')).currentTime = 7;
      fireEvent.timeUpdate(video('screen'));
      expect(onTimeChange).toHaveBeenLastCalledWith(7, 60);
      expect(screen.getByText('00:07 / 01:00')).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Next answer' }));
      expect(screen.getByText('00:00 / 00:00')).toBeInTheDocument();
      loadFakeMedia(video('face'), 30);
      expect(onTimeChange).toHaveBeenLastCalledWith(PLAYER_INITIAL_TIME_SEC, 30);
      play();
      expect(onFirstPlay).toHaveBeenCalledTimes(2);
    });
  });
});
