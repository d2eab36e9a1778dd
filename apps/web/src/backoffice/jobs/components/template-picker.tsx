import { hasPermission, type Template, type User } from '@candid/domain';
import {
  Badge,
  Card,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultTemplates } from '../../common/templates/list-default-templates';
import { JobCover } from '../../common/jobs/job-cover';

function PickerCard({
  onClick,
  label,
  children,
  testId,
}: {
  onClick: () => void;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <UnstyledButton onClick={onClick} aria-label={label} data-testid={testId} h="100%">
      <Card
        withBorder
        radius="lg"
        padding={0}
        h="100%"
        style={{ transition: 'box-shadow 120ms ease', cursor: 'pointer' }}
        className="picker-card"
      >
        {children}
      </Card>
    </UnstyledButton>
  );
}

/**
 * The card view's template picker (spec §2): a create-new card, then a card for each default
 * template (the organisation's default first, then the built-in ones). Templates need the
 * TEMPLATES permission; without it only the create-new card shows.
 */
export function TemplatePicker({
  user,
  onCreate,
  onUseTemplate,
}: {
  user: User;
  onCreate: () => void;
  onUseTemplate: (template: Template) => void;
}) {
  const { t } = useTranslation();
  const canUseTemplates = hasPermission(user, 'TEMPLATES');
  const templates = useDefaultTemplates(canUseTemplates);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
      <PickerCard onClick={onCreate} label={t('jobs.createJob')} testId="create-job-card">
        <Stack align="center" justify="center" gap="xs" p="md" mih={132} h="100%">
          <ThemeIcon size={44} radius="xl" variant="light" color="indigo">
            <IconPlus size={24} aria-hidden />
          </ThemeIcon>
          <Text fw={600} ta="center" fz="sm">
            {t('jobs.createJob')}
          </Text>
        </Stack>
      </PickerCard>
      {canUseTemplates && templates.isPending
        ? [0, 1, 2].map((index) => <Skeleton key={index} h={132} radius="lg" />)
        : null}
      {(templates.data ?? []).map((template) => (
        <PickerCard
          key={template._id}
          onClick={() => onUseTemplate(template)}
          label={t('jobs.useTemplate', { title: template.title })}
          testId="template-card"
        >
          <JobCover url={template.coverUrl} seed={template.title} height={64} />
          <Stack gap={4} p="sm">
            <Text fw={600} fz="sm" lineClamp={2}>
              {template.title}
            </Text>
            <Text fz="xs" c="gray.7">
              {t('jobs.questionCount', { count: template.quests.length })}
            </Text>
            {template.isDefault ? (
              <Badge size="xs" variant="light" color="teal">
                {t('templates.default')}
              </Badge>
            ) : null}
          </Stack>
        </PickerCard>
      ))}
    </SimpleGrid>
  );
}
