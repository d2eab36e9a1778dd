import {
  hasPermission,
  isBuiltInTemplate,
  TEMPLATE_PAGE_SIZE,
  type Template,
  type User,
} from '@candid/domain';
import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDefaultTemplates } from '../../common/templates/list-default-templates';
import { useTemplates } from '../../common/templates/list-templates';
import { JobCover } from '../../common/jobs/job-cover';

const TEMPLATE_OVERVIEW_PATH = '/backoffice/template';

/**
 * One list of starting points: the organisation's own templates (its default first) and then
 * the built-in starters, each once. The Templates page lists the same two kinds.
 */
function useStartingTemplates(enabled: boolean) {
  const defaults = useDefaultTemplates(enabled);
  const own = useTemplates(
    {
      txt: '',
      showArchived: false,
      currPage: 1,
      itemsPerPage: TEMPLATE_PAGE_SIZE,
    },
    enabled,
  );
  const isPending = enabled && (defaults.isPending || own.isPending);
  const seen = new Set<string>();
  const templates: Template[] = [];
  const defaultTemplates = defaults.data ?? [];
  const ordered = [
    ...defaultTemplates.filter((template) => !isBuiltInTemplate(template)),
    ...(own.data?.templates ?? []),
    ...defaultTemplates.filter(isBuiltInTemplate),
  ];
  for (const template of ordered) {
    if (seen.has(template._id)) continue;
    seen.add(template._id);
    templates.push(template);
  }
  return { isPending, templates };
}

/**
 * "Start from a template", below the recruiter's own jobs (or the first-time call to action):
 * a card per template that opens a new job prefilled from it. Templates need the TEMPLATES
 * permission; without it nothing shows (the page's one "Create a job" button starts a blank job).
 */
export function StarterTemplates({
  user,
  onUseTemplate,
}: {
  user: User;
  onUseTemplate: (template: Template) => void;
}) {
  const { t } = useTranslation();
  const canUseTemplates = hasPermission(user, 'TEMPLATES');
  const { isPending, templates } = useStartingTemplates(canUseTemplates);
  if (!canUseTemplates) return null;
  return (
    <Stack gap="sm" data-testid="starter-templates">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="lg">
          {t('jobs.startFrom')}
        </Title>
        <Anchor component={Link} to={TEMPLATE_OVERVIEW_PATH} fz="sm">
          {t('jobs.manageTemplates')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {isPending ? [0, 1, 2].map((index) => <Skeleton key={index} h={132} radius="lg" />) : null}
        {templates.map((template) => (
          <UnstyledButton
            key={template._id}
            onClick={() => onUseTemplate(template)}
            aria-label={t('jobs.useTemplate', { title: template.title })}
            data-testid="template-card"
            h="100%"
          >
            <Card withBorder radius="lg" padding={0} h="100%" className="picker-card">
              <JobCover url={template.coverUrl} seed={template.title} height={64} />
              <Stack gap={4} p="sm">
                <Text fw={600} fz="sm" lineClamp={2}>
                  {template.title}
                </Text>
                <Text fz="xs" c="gray.7">
                  {t('jobs.questionCount', { count: template.quests.length })}
                </Text>
                <Group gap={4}>
                  {isBuiltInTemplate(template) ? (
                    <Badge size="xs" variant="light" color="gray">
                      {t('templates.starter')}
                    </Badge>
                  ) : null}
                  {template.isDefault ? (
                    <Badge size="xs" variant="light" color="teal">
                      {t('templates.default')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
