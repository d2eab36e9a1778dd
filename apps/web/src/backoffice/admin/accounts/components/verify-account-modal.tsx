import { OTP_LENGTH, type Account } from '@candid/domain';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMail, IconMessage2Code } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { CodeInput } from '../../../../common/ui/code-input';
import { getErrorI18nKey } from '../../../common/forms/error-key';
import { FormErrorAlert } from '../../../common/ui/form-error-alert';
import { sendVerificationCode, sendVerificationEmail, verifyAccountCode } from '../api/accounts';

/** A wrong code: the message that also says what to do next (send a new one). */
const CODE_MISMATCH_KEY = 'errors.CONFIRMATION_CODE_MISMATCH_ERR';

function VerifyAccountForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [code, setCode] = useState('');
  const sendAlert = () =>
    showAlert({
      type: 'success',
      key: 'alerts.send',
      params: { entity: { i18nKey: 'entities.email' } },
    });
  const sendFailed = (error: unknown) => showAlert({ type: 'fail', key: getErrorI18nKey(error) });
  const sendLink = useMutation({
    mutationFn: () => sendVerificationEmail(api, account._id),
    onSuccess: sendAlert,
    onError: sendFailed,
  });
  const sendCode = useMutation({
    mutationFn: () => sendVerificationCode(api, account._id),
    onSuccess: sendAlert,
    onError: sendFailed,
  });
  const check = useMutation({ mutationFn: () => verifyAccountCode(api, account._id, code) });

  let checkErrorKey: string | null = null;
  if (check.error) checkErrorKey = getErrorI18nKey(check.error);
  else if (check.data === false) checkErrorKey = CODE_MISMATCH_KEY;

  return (
    <Stack gap="md">
      <Text fz="sm">
        {/* The address reads left to right inside Hebrew text. */}
        <Trans
          i18nKey="accounts.verify.lead"
          values={{ email: account.email }}
          components={{ b: <bdi dir="ltr" style={{ fontWeight: 600 }} /> }}
        />
      </Text>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconMail size={18} aria-hidden />}
          loading={sendLink.isPending}
          onClick={() => sendLink.mutate()}
        >
          {t('accounts.verify.sendEmail')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconMessage2Code size={18} aria-hidden />}
          loading={sendCode.isPending}
          onClick={() => sendCode.mutate()}
        >
          {t('accounts.verify.sendCode')}
        </Button>
      </Group>
      <Divider label={t('accounts.verify.or')} labelPosition="center" />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === OTP_LENGTH) check.mutate();
        }}
      >
        <Stack gap="sm">
          <CodeInput
            label={t('accounts.verify.codeLabel')}
            value={code}
            onChange={(value) => {
              setCode(value);
              check.reset();
            }}
          />
          {check.data === true ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {t('accounts.verify.verified', { email: account.email })}
            </Alert>
          ) : (
            <FormErrorAlert errorKey={checkErrorKey} />
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={code.length !== OTP_LENGTH} loading={check.isPending}>
              {t('accounts.verify.check')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * E-mail verification for an account, from the admin's accounts screen: send the verification
 * e-mail (link and code) or a code alone, or check a code the user reads out (a right one
 * verifies their address).
 */
export function VerifyAccountModal({
  account,
  onClose,
}: {
  account: Account | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = account ? `${account.fName} ${account.lName}`.trim() : '';
  return (
    <Modal opened={account !== null} onClose={onClose} title={t('accounts.verify.title', { name })}>
      {account ? <VerifyAccountForm key={account._id} account={account} /> : null}
    </Modal>
  );
}
