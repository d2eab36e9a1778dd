import type { PublicJob } from '@candid/domain';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReleaseFirstScreen } from '../../common/first-screen/first-screen';
import { useIsPhone } from '../../common/ui/media-queries';
import mirrorClasses from '../../common/ui/mirror-in-rtl.module.css';
import type { ResumePlan, ResumeQuestionState } from '../session/durable-interview';

/** `text` as a bidirectional isolate, laid out on its own whatever the sentence's direction. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const STATE_COLORS: Record<ResumeQuestionState, string> = {
  saved: 'teal',
  interrupted: 'orange',
  current: 'blue',
  unanswered: 'gray',
};

/**
 * "Continue your interview": what reopening the link shows while an interview is under way on
 * this device (a reload, another tab, a crash, the next day). Every question with its state,
 * the answers the server holds marked saved, and one button that goes on where the candidate was.
 */
export function ContinueInterview({
  job,
  name,
  plan,
  isContinuing,
  error,
  onContinue,
  onStartOver,
}: {
  job: PublicJob;
  /** The candidate's first name, when known. */
  name: string | null;
  plan: ResumePlan;
  isContinuing: boolean;
  error: string | null;
  onContinue(): void;
  onStartOver(): void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  // Reopening the link lands here: the server-drawn invitation gives way to this screen.
  useReleaseFirstScreen();
  // The job's own words read in their own direction inside either language's sentence.
  const values = {
    name: isolate(name ?? ''),
    job: isolate(job.info.title),
    company: isolate(job.company.name),
  };
  return (
    <Stack gap="lg" data-testid="continue-interview">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t('resume.title')}
        </Title>
        <Text>{t(name ? 'resume.welcome' : 'resume.welcomeNoName', values)}</Text>
        <Text fw={600} data-testid="continue-at">
          {plan.isFinishing
            ? t('resume.finishing')
            : t('resume.next', { current: plan.questionIndex + 1, count: plan.questions.length })}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={isPhone ? 'sm' : 'md'}>
        <Text size="sm" fw={600} mb="xs" id="resume-answers-label">
          {t('resume.listLabel')}
        </Text>
        <List
          type="ordered"
          spacing="xs"
          aria-labelledby="resume-answers-label"
          styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
        >
          {job.quests.map((quest, index) => {
            const state = plan.questions[index] ?? 'unanswered';
            return (
              <List.Item key={quest.id} data-testid="resume-question" data-state={state}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" lineClamp={2} dir="auto" style={{ minWidth: 0 }}>
                    {quest.txt}
                  </Text>
                  <Badge
                    color={STATE_COLORS[state]}
                    variant={state === 'saved' ? 'light' : 'outline'}
                    leftSection={
                      state === 'saved' ? (
                        <IconCheck size={12} aria-hidden />
                      ) : state === 'interrupted' ? (
                        <IconPlayerPause size={12} aria-hidden />
                      ) : null
                    }
                    style={{ flexShrink: 0 }}
                  >
                    {t(`resume.state.${state}`)}
                  </Badge>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Paper>
      {error ? (
        <Alert color="red" variant="light" data-testid="continue-error">
          {t(error)}
        </Alert>
      ) : null}
      <Stack gap="xs" align={isPhone ? 'stretch' : 'flex-start'}>
        <Button
          size="lg"
          loading={isContinuing}
          onClick={onContinue}
          rightSection={<IconArrowRight size={18} className={mirrorClasses.mirror} aria-hidden />}
        >
          {t('resume.continue')}
        </Button>
        <Button variant="subtle" color="gray" size="sm" onClick={onStartOver}>
          {name ? t('resume.notYou', { name: isolate(name) }) : t('resume.startOver')}
        </Button>
      </Stack>
    </Stack>
  );
}
