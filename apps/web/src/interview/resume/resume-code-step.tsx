import { RESUME_CODE_LENGTH } from '@candid/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiClientError } from '../../common/api/api-error';
import { CodeInput } from '../../common/ui/code-input';
import { useIsPhone } from '../../common/ui/media-queries';

/**
 * The e-mail the candidate gave already has an interview under way on this job (started on
 * another device, or before this browser lost its storage): the code e-mailed to that address
 * proves it is the same person, and the interview goes on instead of a second one starting.
 */
export function ResumeCodeStep({
  email,
  onSubmitCode,
  onResend,
  onOtherEmail,
}: {
  email: string;
  /** Resolves once the interview is resumed; rejects with the server's error. */
  onSubmitCode(code: string): Promise<void>;
  onResend(): Promise<void>;
  onOtherEmail(): void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [resent, setResent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== RESUME_CODE_LENGTH) {
      setError('validation.OTP_VALIDATE');
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      await onSubmitCode(code);
    } catch (failure) {
      // A wrong code is the server's CONFIRMATION_CODE_MISMATCH_ERR: its message, under the code.
      setError(isApiClientError(failure) ? failure.i18nKey : 'errors.NETWORK_ERR');
      setIsSending(false);
    }
  }

  async function resend() {
    setIsResending(true);
    setError(null);
    try {
      await onResend();
      setResent(true);
    } catch (failure) {
      setError(isApiClientError(failure) ? failure.i18nKey : 'errors.NETWORK_ERR');
    } finally {
      setIsResending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="resume-code-step">
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          {t('resume.code.title')}
        </Title>
        <Text>{t('resume.code.text', { email: `\u2068${email}\u2069` })}</Text>
        <CodeInput
          label={t('resume.code.label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error ? t(error) : undefined}
          disabled={isSending}
          autoFocus
        />
        {resent ? (
          <Alert color="blue" variant="light" data-testid="resume-code-resent">
            {t('resume.code.resent')}
          </Alert>
        ) : null}
        <Button type="submit" size="md" loading={isSending} fullWidth={isPhone}>
          {t('resume.code.submit')}
        </Button>
        <Group gap="xs" justify={isPhone ? 'center' : 'flex-start'}>
          <Button variant="subtle" size="sm" loading={isResending} onClick={() => void resend()}>
            {t('resume.code.resend')}
          </Button>
          <Button variant="subtle" color="gray" size="sm" onClick={onOtherEmail}>
            {t('resume.code.otherEmail')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
