import { IMAGE_ACCEPT, validateImageFile } from '@candid/domain';
import { Alert, Avatar, Box, Button, FileButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { getErrorI18nKey } from '../forms/error-key';
import { uploadImage, type ImageKind } from './upload-image';

/**
 * An uploaded image (the profile's avatar, a company logo on the profile or a job): the picker offers image types only, the
 * hint says square and at most 200 KB, and a file that is too large (or not an image) is refused
 * with an alert before anything is uploaded (`validateImageFile`). An accepted image is
 * uploaded at once; its URL is saved with the rest of the profile.
 */
export function ImageUploadField({
  kind,
  label,
  url,
  placeholder,
  placeholderColor,
  size = 72,
  onChange,
}: {
  kind: ImageKind;
  label: string;
  url: string;
  /** Shown while there is no image (initials, an icon). */
  placeholder: ReactNode;
  /** A solid background for the placeholder (the user's avatar colour), white on it. */
  placeholderColor?: string;
  /** Preview size in pixels. */
  size?: number;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const hintId = useId();
  const resetRef = useRef<() => void>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(api, kind, file),
    onSuccess: (answer) => onChange(answer.url),
  });
  // A failed upload (or one given up on after the single-file timeout) stays on screen with a
  // button that sends the same file again.
  const failedFile = upload.isError ? upload.variables : null;

  const handleFile = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const check = validateImageFile(file);
    if (!check.ok) {
      showAlert({ type: 'fail', key: check.key });
      return;
    }
    upload.mutate(file);
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={url || null}
        size={size}
        radius={kind === 'avatar' ? 'xl' : 'md'}
        alt={label}
        color="indigo"
        variant="light"
        style={{ flexShrink: 0 }}
        styles={
          placeholderColor
            ? { placeholder: { background: placeholderColor, color: '#fff', fontWeight: 700 } }
            : undefined
        }
        data-testid={`${kind}-preview`}
      >
        {placeholder}
      </Avatar>
      <Stack gap={6} miw={0}>
        <Text fw={600} fz="sm">
          {label}
        </Text>
        <Group gap="xs">
          <FileButton accept={IMAGE_ACCEPT} onChange={handleFile} resetRef={resetRef}>
            {(props) => (
              <Tooltip label={t('validation.IMAGE_HINT')} withArrow>
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                  aria-label={t('profile.uploadImage', { image: label })}
                  aria-describedby={hintId}
                >
                  {t('profile.upload')}
                </Button>
              </Tooltip>
            )}
          </FileButton>
          {url ? (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onChange('')}
              aria-label={t('profile.removeImage', { image: label })}
            >
              {t('profile.remove')}
            </Button>
          ) : null}
        </Group>
        <Box>
          <Text id={hintId} fz="xs" c="gray.7">
            {t('validation.IMAGE_HINT')}
          </Text>
        </Box>
        {failedFile ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            p="xs"
            data-testid={`${kind}-upload-error`}
          >
            <Stack gap={6} align="flex-start">
              <Text fz="sm">{t(getErrorI18nKey(upload.error))}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => upload.mutate(failedFile)}
              >
                {t('uploads.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Group>
  );
}
