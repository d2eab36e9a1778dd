import {
  getInterviewErrorAction,
  interviewErrorActionKey,
  interviewErrorTextKey,
  interviewErrorTitleKey,
  type InterviewErrorAction,
  type MediaError,
} from '@candid/domain';
import { Alert, Button, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BrowserInfo } from '../../media/browser-info';
import { getErrorHelpKeys } from '../../media/media-errors';

/** An interview error: title, text, browser/OS-specific steps and its action. */
export function ErrorDetail({
  error,
  browser,
  onAction,
  onDismiss,
  withHelp = true,
}: {
  error: MediaError;
  browser: BrowserInfo;
  onAction: (action: InterviewErrorAction) => void;
  /** Offered for non-blocking errors only: blocking ones cannot be dismissed. */
  onDismiss?: () => void;
  withHelp?: boolean;
}) {
  const { t } = useTranslation();
  const action = getInterviewErrorAction(error.type, browser.browserName);
  const helpKeys = withHelp ? getErrorHelpKeys(error.type, browser) : [];
  return (
    <Alert
      color={error.isBlocking ? 'red' : 'yellow'}
      variant="light"
      radius="md"
      icon={error.isBlocking ? <IconAlertTriangle size={20} /> : <IconInfoCircle size={20} />}
      data-testid={`media-error-${error.type}`}
      data-blocking={error.isBlocking}
      title={
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <span>{t(interviewErrorTitleKey(error.type))}</span>
          {!error.isBlocking && onDismiss ? (
            <CloseButton size="sm" aria-label={t('mediaCheck.dismiss')} onClick={onDismiss} />
          ) : null}
        </Group>
      }
    >
      <Stack gap="xs">
        <Text size="sm">{t(interviewErrorTextKey(error.type))}</Text>
        {helpKeys.length > 0 ? (
          <List size="sm" spacing={4} type="ordered">
            {helpKeys.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        ) : null}
        {action ? (
          <Group>
            <Button
              size="xs"
              color={error.isBlocking ? 'red' : 'yellow'}
              onClick={() => onAction(action)}
            >
              {t(interviewErrorActionKey(action))}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
