let context: AudioContext | null = null;

/** A short beep (under 20 % left and at time-up) from a WebAudio oscillator. */
export function playBeep(durationMs = 200, frequencyHz = 880): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequencyHz;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + durationMs / 1000);
  } catch {
    // No audio output (or autoplay refused): the visual warning is enough.
  }
}
