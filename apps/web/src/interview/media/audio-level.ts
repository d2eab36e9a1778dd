/**
 * Root mean square of a time-domain frame from `AnalyserNode.getFloatTimeDomainData`
 * (samples in -1…1): the level the media check compares with AUDIO_READY_LEVEL.
 */
export function computeRms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0;
    sum += sample * sample;
  }
  return Math.sqrt(sum / samples.length);
}

/** A microphone level meter over a stream (WebAudio AnalyserNode). */
export interface AudioMeter {
  /** The current RMS level, 0–1. */
  read(): number;
  /**
   * Whether the audio graph runs: a context the browser keeps suspended (no user gesture yet,
   * as iOS may) reads silence that says nothing about the microphone.
   */
  isRunning(): boolean;
  close(): void;
}

export function createAudioMeter(stream: MediaStream): AudioMeter | null {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass || stream.getAudioTracks().length === 0) return null;
  const context = new AudioContextClass();
  void context.resume().catch(() => undefined);
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  const buffer = new Float32Array(analyser.fftSize);
  return {
    read() {
      analyser.getFloatTimeDomainData(buffer);
      return computeRms(buffer);
    },
    isRunning() {
      return context.state === 'running';
    },
    close() {
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}
