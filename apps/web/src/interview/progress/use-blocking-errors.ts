import { useEffect, useState } from 'react';
import { createAudioMeter } from '../media/audio-level';
import {
  createSilenceWatch,
  firstBlockingError,
  NETWORK_LOSS_BLOCK_AFTER_MS,
  type BlockingCause,
} from './blocking-errors';
import { useLostDevices } from './use-lost-devices';

/** How often the microphone's level is read for the silence watch. */
const MIC_READ_EVERY_MS = 250;

/**
 * Offline for longer than NETWORK_LOSS_BLOCK_AFTER_MS (the browser's `offline` and `online`
 * events): true until the connection is back.
 */
function useLongNetworkLoss(): boolean {
  const [isLost, setIsLost] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const goneOffline = () => {
      if (timer === null) timer = setTimeout(() => setIsLost(true), NETWORK_LOSS_BLOCK_AFTER_MS);
    };
    const backOnline = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      setIsLost(false);
    };
    if (!navigator.onLine) goneOffline();
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, []);
  return isLost;
}

/** A microphone that gave nothing at all for a while (muted, or dead without ending its track). */
function useSilentMicrophone(stream: MediaStream | null): boolean {
  const [isSilent, setIsSilent] = useState(false);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const meter = createAudioMeter(stream);
    if (!meter) return;
    const watch = createSilenceWatch();
    const timer = setInterval(() => {
      if (meter.isRunning()) setIsSilent(watch.read(meter.read(), performance.now()));
    }, MIC_READ_EVERY_MS);
    return () => {
      clearInterval(timer);
      meter.close();
      setIsSilent(false);
    };
  }, [stream]);
  return isSilent;
}

/**
 * Every blocking error of the interview (blocking-errors.ts): the one to show (the first by
 * priority), and `clearLost` for a lost device asked for again. The others clear by themselves:
 * the connection comes back, the microphone is heard.
 */
export function useBlockingErrors(
  cameraStream: MediaStream | null,
  screenStream: MediaStream | null,
  needsScreen: boolean,
): { error: BlockingCause | null; clearLost: () => void } {
  const lostDevices = useLostDevices(cameraStream, screenStream, needsScreen);
  const isOffline = useLongNetworkLoss();
  const isMicSilent = useSilentMicrophone(cameraStream);
  const active: BlockingCause[] = [];
  if (lostDevices.lost) active.push(lostDevices.lost);
  if (isOffline) active.push('NO_NETWORK');
  if (isMicSilent) active.push('MIC_LOW_VOLUME');
  return { error: firstBlockingError(active), clearLost: lostDevices.clear };
}
