import { formatDate, hasPermission } from '@candid/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLinkOff, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { useSessionUser } from '../../../common/session/session-actions';
import { useRevokeShareLink, useShareLinks } from '../api/share-links-api';
import { ShareLinkDialog } from './share-link-dialog';

/**
 * The details page's share card: "Share with a hiring manager" and the applicant's
 * links that still open: who for, who made it, until when, how often viewed, with Revoke.
 */
export function ShareLinksCard({ jobId, applicantId }: { jobId: string; applicantId: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const language = useLanguageStore((state) => state.language);
  const links = useShareLinks(jobId, applicantId);
  const revoke = useRevokeShareLink(applicantId);
  const [isOpen, setIsOpen] = useState(false);
  const canShare = user ? hasPermission(user, 'SHARE_LINKS') : false;
  const active = links.data ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="share-links-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} fz="md">
            {t('shareLinks.card.title')}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconShare size={14} aria-hidden />}
            onClick={() => setIsOpen(true)}
            disabled={!canShare}
            style={{ flexShrink: 0 }}
          >
            {t('shareLinks.card.share')}
          </Button>
        </Group>
        {!canShare ? (
          <Text fz="xs" c="gray.7">
            {t('shareLinks.card.notInPlan')}
          </Text>
        ) : null}
        {active.length === 0 ? (
          <Text fz="sm" c="gray.7">
            {t('shareLinks.card.none')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {active.map((link) => (
              <Group
                key={link._id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="share-link-row"
              >
                <Stack gap={0} miw={0}>
                  <Text fz="sm" fw={600} truncate>
                    <bdi>{link.guestName}</bdi>
                  </Text>
                  <Text fz="xs" c="gray.7">
                    {t('shareLinks.card.meta', {
                      creator: link.createdBy ?? t('ratings.formerMember'),
                      date: formatDate(link.expiresAt, language),
                      count: link.viewCount,
                    })}
                  </Text>
                </Stack>
                <Tooltip label={t('shareLinks.card.revoke')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('shareLinks.card.revokeFor', { name: link.guestName })}
                    loading={revoke.isPending && revoke.variables === link._id}
                    onClick={() => revoke.mutate(link._id)}
                  >
                    <IconLinkOff size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ShareLinkDialog
        applicantIds={[applicantId]}
        opened={isOpen}
        onClose={() => setIsOpen(false)}
      />
    </Paper>
  );
}
