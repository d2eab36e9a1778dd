import { CANDIDATE_IMAGE_MIME_TYPES } from '@candid/domain';
import { Alert, Button, Checkbox, FileInput, Image, Stack, Text, Textarea } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { withUploadTimeout } from '../../../common/api/upload-timeout';

export function TextAnswer({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('interviewProgress.answer.text')}
      autosize
      minRows={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

const INDENT = '  ';

/**
 * A code answer: monospace, and Tab indents instead of leaving the field.
 * The caret after an indent is placed when React commits the new value, before the next key is
 * handled: placed a frame later, keys typed in between (a busy phone, a fast typist) landed
 * before the caret moved and ended up after the text typed next.
 */
export function CodeAnswer({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const caretRef = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretRef.current;
    const input = inputRef.current;
    if (caret === null || !input) return;
    caretRef.current = null;
    input.setSelectionRange(caret, caret);
  }, [value]);
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Tab' || event.shiftKey) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    caretRef.current = selectionStart + INDENT.length;
    onChange(value.slice(0, selectionStart) + INDENT + value.slice(selectionEnd));
  }
  return (
    <Textarea
      label={t('interviewProgress.answer.code')}
      autosize
      minRows={10}
      spellCheck={false}
      dir="ltr"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      ref={inputRef}
      value={value}
      onKeyDown={handleKeyDown}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="code-answer"
    />
  );
}

export function MultipleChoiceAnswer({
  options,
  value,
  onChange,
}: {
  options: readonly { txt: string }[];
  value: number[];
  onChange(value: number[]): void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('interviewProgress.answer.choose')}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number).sort((a, b) => a - b))}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option, index) => (
          <Checkbox key={index} value={String(index)} label={option.txt} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * An image answer: uploaded at once to `applicant/{id}/answer-image` (no upload in a demo). An
 * upload that fails, or does not finish within the single-file upload timeout, says so with a
 * button that sends the same file again.
 */
export function ImageAnswer({
  applicantId,
  questId,
  onUploaded,
}: {
  applicantId: string | null;
  questId: string;
  onUploaded(key: string | null): void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(next: File, id: string) {
    setError(null);
    setIsUploading(true);
    try {
      const result = await withUploadTimeout((signal) =>
        api.post<{ url: string; key: string }>(`applicant/${id}/answer-image`, next, {
          params: { questId },
          auth: 'candidate',
          signal,
        }),
      );
      setUrl(result.url);
      onUploaded(result.key);
    } catch (failure) {
      setError(isApiClientError(failure) ? failure.i18nKey : 'errors.NETWORK_ERR');
    } finally {
      setIsUploading(false);
    }
  }

  function handleChange(next: File | null) {
    setFile(next);
    setError(null);
    onUploaded(null);
    if (!next) return;
    if (!applicantId) {
      setUrl(URL.createObjectURL(next));
      return;
    }
    void upload(next, applicantId);
  }

  return (
    <Stack gap="xs">
      <FileInput
        label={t('interviewProgress.answer.image')}
        accept={CANDIDATE_IMAGE_MIME_TYPES.join(',')}
        value={file}
        onChange={handleChange}
        disabled={isUploading}
        clearable
        data-testid="image-answer"
      />
      {error ? (
        <Alert color="red" role="alert" data-testid="image-answer-error">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t(error)}</Text>
            {file && applicantId ? (
              <Button
                size="sm"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => void upload(file, applicantId)}
              >
                {t('uploads.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {url ? <Image src={url} alt="" mah={240} fit="contain" /> : null}
    </Stack>
  );
}
