import { isBuiltInTemplate, type Template } from '@candid/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDefaultTemplates } from '../../common/templates/list-default-templates';
import {
  getJobFromTemplatePath,
  getTemplateDetailsPath,
  type TemplateListState,
} from './template-paths';

/** Whether a built-in template's title holds the search (the list's own search is the server's). */
function matches(template: Template, txt: string): boolean {
  return template.title.toLocaleLowerCase().includes(txt.trim().toLocaleLowerCase());
}

/**
 * The starters that ship with the product, under the organisation's own templates on the
 * Templates page: the same templates the Jobs page offers, marked built-in, each with "Use" (a
 * new job from it) and a link to read it. They have no menu: nobody edits or deletes them.
 */
export function BuiltInTemplates({
  txt,
  listState,
}: {
  txt: string;
  listState: TemplateListState;
}) {
  const { t } = useTranslation();
  const defaults = useDefaultTemplates(true);
  const starters = (defaults.data ?? [])
    .filter(isBuiltInTemplate)
    .filter((template) => matches(template, txt));
  if (starters.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="built-in-templates">
      <Stack gap={2}>
        <Title order={2} fz="lg">
          {t('templates.builtInSection.title')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t('templates.builtInSection.text')}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="sm">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{t('templates.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('templates.columns.questions')}</Table.Th>
              <Table.Th w={1}>
                <Text span fz="inherit" fw="inherit" style={{ whiteSpace: 'nowrap' }}>
                  {t('templates.columns.use')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {starters.map((template) => (
              <Table.Tr key={template._id} data-testid="built-in-template-row">
                <Table.Td>
                  <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
                    <Anchor
                      component={Link}
                      to={getTemplateDetailsPath(template._id)}
                      state={listState}
                      fw={600}
                      c="dark"
                    >
                      {template.title}
                    </Anchor>
                    <Badge size="sm" variant="light" color="gray" style={{ flex: 'none' }}>
                      {t('templates.starter')}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm" c="gray.7">
                  {t('jobs.questionCount', { count: template.quests.length })}
                </Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={getJobFromTemplatePath(template._id)}
                    variant="light"
                    size="compact-sm"
                    leftSection={<IconPlayerPlay size={14} aria-hidden />}
                    // The visible word ("Use") starts the name a voice user says.
                    aria-label={t('templates.useNamed', { title: template.title })}
                  >
                    {t('templates.useShort')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
