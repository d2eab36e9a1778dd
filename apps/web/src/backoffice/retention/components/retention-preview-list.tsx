import { formatDateWithYear, type RetentionPreview } from '@candid/domain';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';

/**
 * The dry run: how many applicants the chosen period would delete now, and which
 * (name, job, status, and since when the clock runs), longest kept first.
 */
export function RetentionPreviewList({
  preview,
  isLoading,
}: {
  preview: RetentionPreview | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  if (isLoading || !preview) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={24} w="60%" />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  }
  const more = preview.count - preview.applicants.length;
  return (
    <Stack gap="sm" data-testid="retention-preview">
      <Title order={3} fz="md" aria-live="polite">
        {t('retention.preview.count', { count: preview.count })}
      </Title>
      {preview.count === 0 ? (
        <Text c="gray.7">{t('retention.preview.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {preview.applicants.map((item) => {
            const name = `${item.fName} ${item.lName}`.trim();
            return (
              <Paper component="li" key={item.id} withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{name}</bdi>
                    </Text>
                    <Text fz="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{item.jobTitle}</bdi>
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color={item.archivedAt ? 'gray' : 'red'}>
                      {item.archivedAt
                        ? t('retention.preview.archived')
                        : t(`status.${item.status}`)}
                    </Badge>
                    <Text fz="xs" c="gray.7">
                      {t(
                        item.archivedAt
                          ? 'retention.preview.archivedOn'
                          : 'retention.preview.changedOn',
                        {
                          date: formatDateWithYear(item.since, language),
                        },
                      )}
                    </Text>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {more > 0 ? (
        <Text fz="sm" c="gray.7">
          {t('retention.preview.more', { count: more })}
        </Text>
      ) : null}
    </Stack>
  );
}
