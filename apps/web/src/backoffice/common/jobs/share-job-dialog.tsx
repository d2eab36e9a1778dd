import { LANGUAGES, type Language } from '@candid/domain';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandWhatsapp,
  IconCode,
  IconCopy,
  IconExternalLink,
  IconEye,
  IconLink,
  IconMail,
  IconShare,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../common/ui/bottom-sheet';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import { useIsPhone, useIsTouchDevice } from '../../../common/ui/media-queries';
import { useLanguageStore } from '../../../common/stores/language-store';
import { InviteByEmailDialog } from './invite-by-email-dialog';
import {
  getEmbedSnippet,
  getJobDemoUrl,
  getFacebookShareUrl,
  getJobInviteUrl,
  getWhatsAppShareUrl,
} from './job-links';

function Section({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Group gap={6}>
        {icon}
        <Text fw={600} fz="sm">
          {title}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

/**
 * Sharing a job ("Job sharing"): the invitation link and the embed snippet, each with
 * copy-to-clipboard; WhatsApp and Facebook links; on touch devices with the Web Share API, the
 * device's own share sheet. A dialog on wide screens, a bottom sheet on phones.
 */
export function ShareJobDialog({
  job,
  opened,
  onClose,
}: {
  job: {
    _id: string;
    info: { title: string };
    company?: { name: string; logoUrl?: string };
  } | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const isTouch = useIsTouchDevice();
  const appLanguage = useLanguageStore((state) => state.language);
  const [embedLanguage, setEmbedLanguage] = useState<Language>(appLanguage);
  const [isInviteOpen, setInviteOpen] = useState(false);
  if (!job) return null;

  const inviteUrl = getJobInviteUrl(job._id);
  const snippet = getEmbedSnippet(job._id, embedLanguage);
  const shareText = t('sharing.shareText', { title: job.info.title });
  const canUseDeviceShare = isTouch && typeof navigator.share === 'function';

  const body = (
    <Stack gap="lg">
      <Section icon={<IconMail size={18} aria-hidden />} title={t('invitations.open')}>
        <Text fz="xs" c="gray.7">
          {t('invitations.openHint')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconMail size={18} aria-hidden />}
          onClick={() => setInviteOpen(true)}
          data-testid="open-invite"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('invitations.open')}
        </Button>
      </Section>

      <Section icon={<IconLink size={18} aria-hidden />} title={t('sharing.inviteLink')}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={inviteUrl}
            readOnly
            dir="ltr"
            flex={1}
            aria-label={t('sharing.inviteLink')}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="invite-url"
          />
          <Tooltip label={t('sharing.openLink')} withArrow>
            <ActionIcon
              component="a"
              href={inviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              aria-label={t('sharing.openLink')}
            >
              <IconExternalLink size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Button
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => void copyToClipboard(inviteUrl)}
          >
            {t('sharing.copyLink')}
          </Button>
          <Button
            component="a"
            href={getJobDemoUrl(job._id)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconEye size={18} aria-hidden />}
            data-testid="demo-preview"
          >
            {t('sharing.demoPreview')}
          </Button>
        </Group>
        <Text fz="xs" c="gray.7">
          {t('sharing.demoPreviewHint')}
        </Text>
      </Section>

      <Section icon={<IconShare size={18} aria-hidden />} title={t('sharing.shareOn')}>
        <Group gap="xs" grow>
          {canUseDeviceShare ? (
            <Button
              variant="light"
              leftSection={<IconShare size={18} aria-hidden />}
              onClick={() =>
                void navigator
                  .share({ title: job.info.title, text: shareText, url: inviteUrl })
                  .catch(() => {})
              }
            >
              {t('sharing.deviceShare')}
            </Button>
          ) : null}
          <Button
            component="a"
            href={getWhatsAppShareUrl(shareText, inviteUrl)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
          >
            {t('sharing.whatsapp')}
          </Button>
          <Button
            component="a"
            href={getFacebookShareUrl(inviteUrl)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="blue"
            leftSection={<IconBrandFacebook size={18} aria-hidden />}
          >
            {t('sharing.facebook')}
          </Button>
        </Group>
      </Section>

      <Section icon={<IconCode size={18} aria-hidden />} title={t('sharing.embed')}>
        <Text fz="xs" c="gray.7">
          {t('sharing.embedHint')}
        </Text>
        <SegmentedControl
          value={embedLanguage}
          onChange={(value) => setEmbedLanguage(value as Language)}
          data={LANGUAGES.map((language) => ({
            value: language,
            label: t(`languages.${language}`),
          }))}
          aria-label={t('sharing.embedLanguage')}
        />
        <Textarea
          value={snippet}
          readOnly
          dir="ltr"
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          aria-label={t('sharing.embed')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="default"
          leftSection={<IconCopy size={18} aria-hidden />}
          onClick={() => void copyToClipboard(snippet)}
        >
          {t('sharing.copyEmbed')}
        </Button>
      </Section>
    </Stack>
  );

  const title = t('sharing.title', { title: job.info.title });
  const invite = (
    <InviteByEmailDialog job={job} opened={isInviteOpen} onClose={() => setInviteOpen(false)} />
  );
  if (isPhone) {
    return (
      <>
        <BottomSheet
          opened={opened && !isInviteOpen}
          onClose={onClose}
          title={title}
          testId="share-sheet"
        >
          <Stack px="xs">{body}</Stack>
        </BottomSheet>
        {invite}
      </>
    );
  }
  return (
    <>
      <Modal
        opened={opened && !isInviteOpen}
        onClose={onClose}
        title={title}
        size="lg"
        radius="lg"
        centered
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
      >
        {body}
      </Modal>
      {invite}
    </>
  );
}
