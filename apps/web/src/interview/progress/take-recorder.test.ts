import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const appendChunk = vi.fn(async () => {});
const finishRecording = vi.fn(async () => {});
vi.mock('../upload/upload-service', () => ({
  getUploadManager: () => ({
    createRecording: async () => 'rec-1',
    appendChunk,
    finishRecording,
    discardRecording: async () => {},
  }),
}));

/** A MediaRecorder whose events the test delivers by hand, in the order a busy browser may. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  options: MediaRecorderOptions | undefined;
  constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
    this.options = options;
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  deliver(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
}

describe('startTake: the last chunk', () => {
  beforeEach(() => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    appendChunk.mockClear();
    finishRecording.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is the one the stop event follows, not any chunk delivered after stop()', async () => {
    const { startTake } = await import('./take-recorder');
    const take = await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: null,
      target: {
        applicantId: 'a1',
        jobId: 'j1',
        questId: 'q1',
        candidateToken: 't',
        container: 'webm',
      },
    });
    const recorder = FakeRecorder.last!;
    recorder.deliver('one');
    const stopping = take.stop();
    // A timeslice chunk queued before stop() arrives after it, then the recorder's final flush.
    recorder.deliver('late');
    recorder.deliver('final');
    recorder.onstop?.();
    await stopping;

    const calls = appendChunk.mock.calls as unknown as [string, Blob, unknown?][];
    expect(await Promise.all(calls.map(([, blob]) => blob.text()))).toEqual([
      'one',
      'late',
      'final',
    ]);
    expect(calls.map(([, , last]) => last !== undefined)).toEqual([false, false, true]);
    expect(finishRecording).toHaveBeenCalledWith('rec-1', expect.any(Number));
    // The take to review before Retake or Save holds every chunk, in order.
    expect(await take.review?.blob.text()).toBe('onelatefinal');
  });

  it("records at the bitrates the media check chose for the candidate's uplink", async () => {
    const { startTake } = await import('./take-recorder');
    const target = {
      applicantId: 'a1',
      jobId: 'j1',
      questId: 'q1',
      candidateToken: 't',
      container: 'webm' as const,
    };
    await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: 'video/webm;codecs=vp8,opus',
      target,
      bitrates: { videoBitsPerSecond: 400_000, audioBitsPerSecond: 48_000 },
    });
    expect(FakeRecorder.last!.options).toEqual({
      mimeType: 'video/webm;codecs=vp8,opus',
      videoBitsPerSecond: 400_000,
      audioBitsPerSecond: 48_000,
    });
    // Without a measurement the browser keeps its own.
    await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: null,
      target,
    });
    expect(FakeRecorder.last!.options).toEqual({});
  });

  it('has nothing to review before Stop', async () => {
    const { startTake } = await import('./take-recorder');
    const take = await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: null,
      target: null,
    });
    FakeRecorder.last!.deliver('one');
    expect(take.review).toBeNull();
  });

  it('pauses on a blocking error and goes on in the same recording; the pause is not its length', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const { startTake } = await import('./take-recorder');
    const take = await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: null,
      target: {
        applicantId: 'a1',
        jobId: 'j1',
        questId: 'q1',
        candidateToken: 't',
        container: 'webm',
      },
    });
    const recorder = FakeRecorder.last!;
    vi.setSystemTime(1_003_000);
    recorder.deliver('before');
    take.pause();
    expect(recorder.state).toBe('paused');
    vi.setSystemTime(1_013_000);
    expect(take.resume()).toBe(true);
    expect(recorder.state).toBe('recording');
    vi.setSystemTime(1_015_000);
    recorder.deliver('after');
    const stopping = take.stop();
    recorder.onstop?.();
    await stopping;
    expect(finishRecording).toHaveBeenCalledWith('rec-1', 5_000);
    expect(take.recordings).toEqual([{ recId: 'rec-1', kind: 'face' }]);
    expect(await take.review?.blob.text()).toBe('beforeafter');
  });

  it('cannot resume a recorder whose stream ended while paused', async () => {
    const { startTake } = await import('./take-recorder');
    const take = await startTake({
      streams: [{ kind: 'face', stream: {} as MediaStream }],
      mimeType: null,
      target: null,
    });
    take.pause();
    FakeRecorder.last!.stop();
    expect(take.resume()).toBe(false);
  });
});
