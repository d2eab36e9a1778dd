/** localStorage key of the candidate's chosen camera and microphone. */
export const DEVICE_PREFERENCES_STORAGE_KEY = 'candid.mediaDevices';

export interface DevicePreferences {
  videoDeviceId?: string;
  audioDeviceId?: string;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readDevicePreferences(storage: KeyValueStorage = localStorage): DevicePreferences {
  try {
    const raw = storage.getItem(DEVICE_PREFERENCES_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return {
      ...(typeof parsed.videoDeviceId === 'string' ? { videoDeviceId: parsed.videoDeviceId } : {}),
      ...(typeof parsed.audioDeviceId === 'string' ? { audioDeviceId: parsed.audioDeviceId } : {}),
    };
  } catch {
    return {};
  }
}

export function writeDevicePreferences(
  preferences: DevicePreferences,
  storage: KeyValueStorage = localStorage,
): void {
  storage.setItem(DEVICE_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
}

/**
 * getUserMedia constraints for the chosen devices: `exact` would fail when a remembered device
 * is unplugged, so the choice is `ideal` and the browser falls back to another device.
 */
export function getMediaConstraints(preferences: DevicePreferences): MediaStreamConstraints {
  return {
    video: {
      width: { ideal: 1280 },
      height: { ideal: 720 },
      ...(preferences.videoDeviceId ? { deviceId: { ideal: preferences.videoDeviceId } } : {}),
    },
    audio: preferences.audioDeviceId ? { deviceId: { ideal: preferences.audioDeviceId } } : true,
  };
}
