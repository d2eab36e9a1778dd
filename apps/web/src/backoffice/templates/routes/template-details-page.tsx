import { answerTypeLabelKey, formatDate, getAnswerType, isBuiltInTemplate } from '@candid/domain';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft, IconClock, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { PageLoader } from '../../../common/ui/page-loader';
import { useLanguageStore } from '../../../common/stores/language-store';
import { AnswerTypeIcon } from '../../common/questions/answer-type-menu';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { TemplateMenu } from '../components/template-menu';
import {
  getJobFromTemplatePath,
  getTemplateEditPath,
  getTemplateListPath,
} from '../components/template-paths';
import { useTemplateActions } from '../components/use-template-actions';
import richText from '../../../common/ui/rich-text.module.css';

/**
 * Template details: back to the list with its filter, the title, use-template, the
 * menu (toggle default; archive, then back to the list) and the questions with number, title
 * (or "untitled"), HTML description, answer type and time limit in minutes.
 */
export default function TemplateDetailsPage() {
  const { t } = useTranslation();
  const { templateId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const language = useLanguageStore((state) => state.language);
  const query = useTemplate(templateId);
  const { toggleDefault, toggleArchive } = useTemplateActions();
  const listPath = getTemplateListPath(location.state);
  const template = query.data;

  const content = () => {
    if (query.isError) return <Alert color="red">{t('templates.loadFailed')}</Alert>;
    if (!template) return <PageLoader />;
    const isReadOnly = isBuiltInTemplate(template);
    return (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Button
              component={Link}
              to={listPath}
              variant="subtle"
              color="gray"
              size="compact-sm"
              px={4}
              leftSection={<IconArrowLeft size={16} className={classes.mirror} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('templates.back')}
            </Button>
            <Group gap="sm">
              <Title order={1} fz={{ base: 22, sm: 28 }}>
                {template.title}
              </Title>
              {template.isDefault ? (
                <Badge variant="light" color="teal" data-testid="default-badge">
                  {t('templates.default')}
                </Badge>
              ) : null}
              {template.archivedAt ? <Badge color="gray">{t('jobs.archived')}</Badge> : null}
            </Group>
            <Text fz="sm" c="gray.7">
              {t('templates.createdBy', {
                name: template.owner.fName || t('templates.builtIn'),
                date: formatDate(template.createdAt, language),
              })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={getJobFromTemplatePath(template._id)}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              disabled={Boolean(template.archivedAt)}
            >
              {t('templates.use')}
            </Button>
            {isReadOnly ? null : (
              <TemplateMenu
                template={template}
                handlers={{
                  onEdit: (item) =>
                    void navigate(getTemplateEditPath(item._id), { state: location.state }),
                  onToggleDefault: (item) => void toggleDefault(item),
                  onToggleArchive: (item) =>
                    void toggleArchive(item).then((updated) => {
                      if (updated) void navigate(listPath);
                    }),
                }}
              />
            )}
          </Group>
        </Group>

        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {template.quests.map((quest, index) => {
            const type = getAnswerType(quest.ansRule);
            return (
              <Paper
                component="li"
                key={quest.id}
                withBorder
                radius="lg"
                p="md"
                data-testid="template-question"
              >
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <ThemeIcon size={36} radius="xl" variant="light" color="indigo" fw={700}>
                    {index + 1}
                  </ThemeIcon>
                  <Stack gap={6} miw={0} flex={1}>
                    <Text fw={700}>{quest.txt.trim() || t('templates.untitled')}</Text>
                    {quest.desc ? (
                      <Typography fz="sm" c="gray.8" p={0} className={richText.bidi}>
                        {/* The server sanitises every HTML field it stores. */}
                        <Box dangerouslySetInnerHTML={{ __html: quest.desc }} />
                      </Typography>
                    ) : null}
                    <Group gap="xs">
                      {type ? (
                        <Badge
                          variant="light"
                          color="indigo"
                          leftSection={<AnswerTypeIcon type={type} size={14} />}
                        >
                          {t(answerTypeLabelKey(type))}
                        </Badge>
                      ) : null}
                      <Badge
                        variant="light"
                        color="gray"
                        leftSection={<IconClock size={14} aria-hidden />}
                      >
                        {t('questions.minutes', { count: quest.timeLimit })}
                      </Badge>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    );
  };

  return <BackofficeLayout>{content()}</BackofficeLayout>;
}
