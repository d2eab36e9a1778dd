import { APPLICATION_STAGES, formatDate, STATUS_TOKEN_PATTERN } from '@candid/domain';
import {
  Avatar,
  Badge,
  Group,
  Paper,
  Stack,
  Stepper,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLanguageStore } from '../../../common/stores/language-store';
import { useIsPhone } from '../../../common/ui/media-queries';
import { PageLoader } from '../../../common/ui/page-loader';
import { useApplicationStatus } from '../../api/application-status';
import { InterviewFrame } from '../../onboarding/components/interview-frame';
import { InterviewNotAvailable } from '../../onboarding/components/interview-not-available';

/**
 * `/application/{token}`: the candidate's private status page. Their application's
 * stage (received, under review, decision) as the job's rules map the recruiter's status; the
 * status's own name only when the rule shows it. Nothing else of the review reaches this page.
 */
export function ApplicationStatusPage() {
  const { token = '' } = useParams();
  const query = useApplicationStatus(token);
  if (STATUS_TOKEN_PATTERN.test(token) && query.isPending) return <PageLoader />;
  return (
    <InterviewFrame brand={query.data?.brand ?? null} companyName={query.data?.companyName}>
      {query.data ? <ApplicationStatus status={query.data} /> : <InterviewNotAvailable />}
    </InterviewFrame>
  );
}

function ApplicationStatus({
  status,
}: {
  status: NonNullable<ReturnType<typeof useApplicationStatus>['data']>;
}) {
  const { primaryColor } = useMantineTheme();
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const isPhone = useIsPhone();
  // The current stage is highlighted and the ones before it done; a decision is the last step,
  // so then every step is done.
  const active =
    status.stage === 'decision'
      ? APPLICATION_STAGES.length
      : APPLICATION_STAGES.indexOf(status.stage);
  const initial = (status.companyName || '?').trim().charAt(0).toUpperCase();
  return (
    <Paper radius="lg" withBorder p={{ base: 'md', sm: 'xl' }} data-testid="application-status">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={status.logoUrl || null} radius="md" size={48} color={primaryColor}>
            {initial}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={600} c="gray.7" truncate>
              {status.companyName}
            </Text>
            <Title order={1} fz={{ base: 20, sm: 24 }} style={{ unicodeBidi: 'plaintext' }}>
              {status.jobTitle}
            </Title>
          </Stack>
        </Group>
        <Text>
          {t('applicationStatus.greeting', {
            name: status.fName,
            date: formatDate(status.submittedAt, language),
          })}
        </Text>
        <Stepper
          active={active}
          size="sm"
          orientation={isPhone ? 'vertical' : 'horizontal'}
          allowNextStepsSelect={false}
          aria-label={t('applicationStatus.stagesLabel')}
        >
          {APPLICATION_STAGES.map((stage) => (
            <Stepper.Step key={stage} label={t(`applicationStatus.stages.${stage}`)} />
          ))}
        </Stepper>
        <Stack gap="xs" data-testid="application-stage" data-stage={status.stage}>
          <Title order={2} fz="lg">
            {t(`applicationStatus.stages.${status.stage}`)}
          </Title>
          {status.statusCode !== null ? (
            <Group>
              <Badge size="lg" variant="light" tt="none" data-testid="application-outcome">
                {t(`status.${status.statusCode}`)}
              </Badge>
            </Group>
          ) : null}
          <Text c="gray.7">
            {t(`applicationStatus.texts.${status.stage}`, { company: status.companyName })}
          </Text>
        </Stack>
        <Text c="dimmed" size="sm">
          {t('applicationStatus.private')}
        </Text>
      </Stack>
    </Paper>
  );
}

export default ApplicationStatusPage;
