import {
  isShareToken,
  formatDate,
  type RatingTargetType,
  type SharedApplicant,
  type SharedLinkResponse,
} from '@candid/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconFileText,
  IconLinkOff,
  IconLock,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApiClient } from '../../../../common/api/api-client-context';
import { isApiClientError } from '../../../../common/api/api-error';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { PageLoader } from '../../../../common/ui/page-loader';
import { PublicLayout } from '../../../../common/ui/public-layout';
import { AnswerView } from '../../details/components/answer-view';
import { RatingInput } from '../../details/components/rating-input';
import {
  rateSharedApplicant,
  shareLinkKeys,
  useSharedApplicant,
  useSharedLink,
} from '../api/share-links-api';

type ClosedReason = 'revoked' | 'expired' | 'invalid';

/** Up to this many shared applicants are buttons side by side; more are a list to pick from. */
const MAX_SEGMENTS = 4;

/** Why the link opens nothing, from the error its call answered. */
function closedReasonOf(error: unknown): ClosedReason {
  if (isApiClientError(error)) {
    if (error.key === 'SHARE_LINK_REVOKED_ERR') return 'revoked';
    if (error.key === 'SHARE_LINK_EXPIRED_ERR') return 'expired';
  }
  return 'invalid';
}

function LinkClosed({ reason }: { reason: ClosedReason }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="share-closed" data-reason={reason}>
      <Stack align="center" gap="sm" ta="center">
        <IconLinkOff size={40} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1} fz="xl">
          {t(`shareLinks.guest.closed.${reason}.title`)}
        </Title>
        <Text c="gray.7">{t(`shareLinks.guest.closed.${reason}.text`)}</Text>
      </Stack>
    </Paper>
  );
}

/** The guest's own rating of one target, saved at once. */
function GuestRatingRow({
  label,
  value,
  onRate,
}: {
  label: string;
  value: number | null;
  onRate: (score: number | null) => Promise<boolean>;
}) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <RatingInput label={label} value={value} onChange={onRate} />
    </Stack>
  );
}

function SharedApplicantView({ token, applicant }: { token: string; applicant: SharedApplicant }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [error, setError] = useState<ClosedReason | null>(null);
  const name = `${applicant.info.fName} ${applicant.info.lName}`.trim();

  const scoreOf = (targetType: RatingTargetType, targetId: string) =>
    applicant.myRatings.find((r) => r.targetType === targetType && r.targetId === targetId)
      ?.score ?? null;

  const rate = async (targetType: RatingTargetType, targetId: string, score: number | null) => {
    try {
      const myRatings = await rateSharedApplicant(api, token, applicant.id, {
        targetType,
        targetId,
        score,
      });
      queryClient.setQueryData<SharedApplicant>(
        shareLinkKeys.guestApplicant(token, applicant.id),
        (current) => (current ? { ...current, myRatings } : current),
      );
      return true;
    } catch (failure) {
      setError(closedReasonOf(failure));
      return false;
    }
  };

  if (error === 'revoked' || error === 'expired') return <LinkClosed reason={error} />;

  return (
    <Stack gap="md" data-testid="shared-applicant">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={applicant.info.imgUrl} radius="xl" size={56} color="indigo">
              {applicant.info.fName.charAt(0).toUpperCase()}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Title order={2} fz={{ base: 'lg', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
                <bdi>{name}</bdi>
              </Title>
              <Text fz="sm" c="gray.7" truncate>
                <bdi>{applicant.job.title}</bdi>
              </Text>
            </Stack>
          </Group>
          <Stack gap={4}>
            {applicant.info.email ? (
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${applicant.info.email}`} fz="sm" dir="ltr" truncate>
                  {applicant.info.email}
                </Anchor>
              </Group>
            ) : null}
            {applicant.info.phone ? (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} aria-hidden />
                <Anchor href={`tel:${applicant.info.phone}`} fz="sm" dir="ltr">
                  {applicant.info.phone}
                </Anchor>
              </Group>
            ) : null}
            {applicant.info.hometown ? (
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={16} aria-hidden />
                <Text fz="sm">
                  <bdi>{applicant.info.hometown}</bdi>
                </Text>
              </Group>
            ) : null}
          </Stack>
          {applicant.info.cvUrl ? (
            <Group>
              <Button
                component="a"
                href={applicant.info.cvUrl}
                target="_blank"
                rel="noreferrer"
                variant="light"
                size="xs"
                leftSection={<IconFileText size={16} aria-hidden />}
                data-testid="shared-cv"
              >
                {t('shareLinks.guest.cv')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      {applicant.job.quests.map((quest, index) => (
        <Stack key={quest.id} gap="xs">
          <AnswerView
            quest={quest}
            index={index}
            answer={applicant.answerMap[quest.id]}
            isLoading={false}
            hasFailed={false}
            playerRef={null}
            markers={[]}
            onTimeChange={() => undefined}
          />
          <Paper withBorder radius="lg" p="sm" data-testid="guest-answer-rating">
            <GuestRatingRow
              label={t('ratings.answerLabel', { number: index + 1 })}
              value={scoreOf('question', quest.id)}
              onRate={(score) => rate('question', quest.id, score)}
            />
          </Paper>
        </Stack>
      ))}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="guest-scorecard">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('ratings.scorecard')}
            </Title>
            <Text fz="sm" c="gray.7">
              {t('shareLinks.guest.scorecardHint')}
            </Text>
          </Stack>
          {applicant.job.scorecard.map((criterion) => (
            <GuestRatingRow
              key={criterion.id}
              label={criterion.label}
              value={scoreOf('criterion', criterion.id)}
              onRate={(score) => rate('criterion', criterion.id, score)}
            />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function SharedLink({ token, link }: { token: string; link: SharedLinkResponse }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const [chosen, setChosen] = useState<string | null>(null);
  const applicantId = chosen ?? link.applicants[0]?.id ?? null;
  const applicant = useSharedApplicant(token, applicantId);
  const isPhone = useIsPhone();
  const choices = link.applicants.map((a) => ({
    value: a.id,
    label: `${a.fName} ${a.lName}`.trim(),
  }));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'xl', sm: 26 }}>
          {t('shareLinks.guest.title', { name: link.guestName })}
        </Title>
        <Text c="gray.7" fz="sm">
          {t('shareLinks.guest.until', { date: formatDate(link.expiresAt, language) })}
        </Text>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconLock size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
          <Text c="gray.7" fz="xs">
            {t('shareLinks.guest.privacy')}
          </Text>
        </Group>
      </Stack>
      {link.applicants.length > 1 && link.applicants.length <= MAX_SEGMENTS ? (
        <SegmentedControl
          fullWidth={isPhone}
          orientation={isPhone ? 'vertical' : 'horizontal'}
          value={applicantId ?? ''}
          onChange={setChosen}
          data={choices}
          aria-label={t('shareLinks.guest.applicants')}
        />
      ) : null}
      {link.applicants.length > MAX_SEGMENTS ? (
        <Select
          label={t('shareLinks.guest.applicants')}
          value={applicantId}
          onChange={(value) => setChosen(value)}
          data={choices}
          allowDeselect={false}
          maw={{ sm: 360 }}
        />
      ) : null}
      {applicant.isError ? (
        closedReasonOf(applicant.error) === 'invalid' ? (
          <Alert color="red" variant="light">
            {t('shareLinks.guest.loadFailed')}
          </Alert>
        ) : (
          <LinkClosed reason={closedReasonOf(applicant.error)} />
        )
      ) : applicant.data ? (
        <SharedApplicantView key={applicant.data.id} token={token} applicant={applicant.data} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

/**
 * `/share/{token}`: what a hiring manager without an account sees through a share
 * link: the applicants it names, each with details, CV, answers (players as in the back office)
 * and the job's scorecard to fill in. A revoked or expired link says so, in the visitor's
 * language. Notes, the team's ratings and other applicants never reach this page.
 */
export function SharedApplicantsPage() {
  const { token = '' } = useParams();
  const isWellFormed = isShareToken(token);
  const link = useSharedLink(token, isWellFormed);
  const content = () => {
    if (!isWellFormed) return <LinkClosed reason="invalid" />;
    if (link.isPending) return <PageLoader />;
    if (link.isError) return <LinkClosed reason={closedReasonOf(link.error)} />;
    return <SharedLink token={token} link={link.data} />;
  };
  return (
    <PublicLayout>
      <Container size="md" px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        {content()}
      </Container>
    </PublicLayout>
  );
}

export default SharedApplicantsPage;
