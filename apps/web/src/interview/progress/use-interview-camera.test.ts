import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInterviewCamera } from './use-interview-camera';

const CONSTRAINTS: MediaStreamConstraints = { video: { deviceId: 'cam' }, audio: true };

function stubGetUserMedia(result: Promise<MediaStream>) {
  const getUserMedia = vi.fn(() => result);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  return getUserMedia;
}

function fakeStream(): MediaStream {
  return { getTracks: () => [] } as unknown as MediaStream;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useInterviewCamera', () => {
  it('uses the stream the onboarding handed over, without asking again', () => {
    const getUserMedia = stubGetUserMedia(new Promise(() => undefined));
    const live = fakeStream();
    const { result } = renderHook(() => useInterviewCamera(live, CONSTRAINTS));
    expect(result.current.stream).toBe(live);
    expect(result.current.isOpening).toBe(false);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('after a reload, is opening until the chosen devices are open again', async () => {
    let resolve: (stream: MediaStream) => void = () => undefined;
    const getUserMedia = stubGetUserMedia(new Promise((done) => (resolve = done)));
    const { result } = renderHook(() => useInterviewCamera(null, CONSTRAINTS));
    expect(getUserMedia).toHaveBeenCalledWith(CONSTRAINTS);
    expect(result.current.isOpening).toBe(true);
    expect(result.current.stream).toBeNull();

    const reopened = fakeStream();
    await act(async () => resolve(reopened));
    expect(result.current.isOpening).toBe(false);
    expect(result.current.stream).toBe(reopened);
  });

  it('stops opening when the devices cannot be opened, leaving the camera absent', async () => {
    let reject: (error: Error) => void = () => undefined;
    stubGetUserMedia(new Promise((_, fail) => (reject = fail)));
    const { result } = renderHook(() => useInterviewCamera(null, CONSTRAINTS));
    expect(result.current.isOpening).toBe(true);
    await act(async () => reject(new DOMException('denied', 'NotAllowedError')));
    expect(result.current.isOpening).toBe(false);
    expect(result.current.stream).toBeNull();
  });

  it('a demo without chosen devices never waits for a camera', () => {
    const getUserMedia = stubGetUserMedia(new Promise(() => undefined));
    const { result } = renderHook(() => useInterviewCamera(null, null));
    expect(result.current.isOpening).toBe(false);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
