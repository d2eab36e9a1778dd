import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicePreferences } from '../../media/device-preferences';
import { stopStream } from '../../session/interview-session-store';

interface DeviceOption {
  value: string;
  label: string;
}

async function listDevices(): Promise<{ cameras: DeviceOption[]; microphones: DeviceOption[] }> {
  let devices = await navigator.mediaDevices.enumerateDevices();
  // Labels stay empty until the page may use the devices: ask once, then list again.
  if (devices.every((device) => !device.label)) {
    const probe = await navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .catch(() => null);
    stopStream(probe);
    devices = await navigator.mediaDevices.enumerateDevices();
  }
  const toOptions = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId)
      .map((device, index) => ({
        value: device.deviceId,
        label: device.label || `${fallback} ${index + 1}`,
      }));
  return {
    cameras: toOptions('videoinput', 'Camera'),
    microphones: toOptions('audioinput', 'Mic'),
  };
}

/** Camera and microphone choice (media check intro), remembered on this device. */
export function DeviceSettings({
  value,
  onSave,
  onCancel,
}: {
  value: DevicePreferences;
  onSave: (devices: DevicePreferences) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ cameras: DeviceOption[]; microphones: DeviceOption[] }>({
    cameras: [],
    microphones: [],
  });
  const [choice, setChoice] = useState<DevicePreferences>(value);

  useEffect(() => {
    let isCurrent = true;
    void listDevices()
      .then((found) => {
        if (isCurrent) setOptions(found);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);

  return (
    <Stack gap="md" data-testid="device-settings">
      <Text fw={600}>{t('mediaCheck.settings.title')}</Text>
      <Select
        label={t('mediaCheck.settings.camera')}
        placeholder={t('mediaCheck.settings.default')}
        data={options.cameras}
        value={choice.videoDeviceId ?? null}
        onChange={(videoDeviceId) =>
          setChoice({ ...choice, videoDeviceId: videoDeviceId ?? undefined })
        }
        comboboxProps={{ withinPortal: true }}
        allowDeselect={false}
      />
      <Select
        label={t('mediaCheck.settings.microphone')}
        placeholder={t('mediaCheck.settings.default')}
        data={options.microphones}
        value={choice.audioDeviceId ?? null}
        onChange={(audioDeviceId) =>
          setChoice({ ...choice, audioDeviceId: audioDeviceId ?? undefined })
        }
        comboboxProps={{ withinPortal: true }}
        allowDeselect={false}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('mediaCheck.settings.cancel')}
        </Button>
        <Button onClick={() => onSave(choice)}>{t('mediaCheck.settings.save')}</Button>
      </Group>
    </Stack>
  );
}
