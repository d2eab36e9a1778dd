import {
  DEFAULT_SHARE_LINK_EXPIRY_DAYS,
  formatDate,
  SHARE_LINK_EXPIRY_DAYS,
  shareLinkFormSchema,
  type CreateShareLinkResponse,
  type ShareLinkForm,
} from '@candid/domain';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../common/forms/use-schema-form';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { useCreateShareLink } from '../api/share-links-api';

/** The page address a link opens, on this site's origin. */
export function shareLinkUrl(path: string, origin = window.location.origin): string {
  return `${origin}${path}`;
}

function ShareLinkFormView({
  applicantIds,
  onCreated,
  onCancel,
}: {
  applicantIds: readonly string[];
  onCreated: (created: CreateShareLinkResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShareLink();
  const form = useSchemaForm(shareLinkFormSchema, {
    guestName: '',
    guestEmail: '',
    expiresInDays: DEFAULT_SHARE_LINK_EXPIRY_DAYS,
  } as ShareLinkForm);
  const expiry = form.valueField('expiresInDays');

  const submit = form.handleSubmit(async (input) => {
    try {
      onCreated(await create.mutateAsync({ ...input, applicantIds: [...applicantIds] }));
    } catch {
      // The API client shows what went wrong (a plan without sharing gets the permissions alert).
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="share-link-form">
      <Stack gap="md">
        <Text fz="sm" c="gray.7">
          {t('shareLinks.dialog.intro', { count: applicantIds.length })}
        </Text>
        <TextInput
          label={t('shareLinks.dialog.guestName')}
          required
          autoComplete="off"
          data-autofocus
          {...form.textField('guestName')}
        />
        <TextInput
          label={t('shareLinks.dialog.guestEmail')}
          description={t('shareLinks.dialog.guestEmailHint')}
          type="email"
          dir="ltr"
          autoComplete="off"
          {...form.textField('guestEmail')}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="share-expiry-label">
            {t('shareLinks.dialog.expiry')}
          </Text>
          <SegmentedControl
            aria-labelledby="share-expiry-label"
            fullWidth
            value={String(expiry.value)}
            onChange={(value) => expiry.onChange(Number(value) as ShareLinkForm['expiresInDays'])}
            data={SHARE_LINK_EXPIRY_DAYS.map((days) => ({
              value: String(days),
              label: t('shareLinks.dialog.days', { count: days }),
            }))}
          />
        </Stack>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="xs">
          <Text fz="xs">{t('shareLinks.dialog.privacy')}</Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('shareLinks.dialog.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('shareLinks.dialog.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The made link, shown this once, with a copy button. */
function CreatedLink({
  created,
  onClose,
}: {
  created: CreateShareLinkResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const url = shareLinkUrl(created.path);
  return (
    <Stack gap="md" data-testid="share-link-created">
      <Text fz="sm">
        {t('shareLinks.dialog.created', {
          name: created.link.guestName,
          date: formatDate(created.link.expiresAt, language),
        })}
      </Text>
      <TextInput
        readOnly
        value={url}
        dir="ltr"
        aria-label={t('shareLinks.dialog.link')}
        data-testid="share-link-url"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Text fz="xs" c="gray.7">
        {t('shareLinks.dialog.onlyOnce')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('shareLinks.dialog.copied') : t('shareLinks.dialog.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>{t('shareLinks.dialog.done')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Share with a hiring manager: the guest's name, an optional email and how long the
 * link opens (3, 7 or 30 days, 7 by default); then the link, shown once, to copy and send.
 */
export function ShareLinkDialog({
  applicantIds,
  opened,
  onClose,
}: {
  applicantIds: readonly string[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreateShareLinkResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('shareLinks.dialog.title')}
      centered
      radius="lg"
    >
      {!opened ? null : created ? (
        <CreatedLink created={created} onClose={close} />
      ) : (
        <ShareLinkFormView applicantIds={applicantIds} onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}
