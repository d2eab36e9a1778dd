import type { Question } from '@candid/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBack, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useApiClient } from '../../../../common/api/api-client-context';
import { APPLICANT_OVERVIEW_PATH } from '../../../../common/routing/paths';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import {
  applicantDetailsQueryOptions,
  applicantVideosQueryOptions,
} from '../../details/api/applicant-details-queries';
import { AnswerView } from '../../details/components/answer-view';
import { COMPARE_MAX, COMPARE_MIN } from '../../overview/overview-rules';
import type { InterviewPlayerHandle } from '../../player/interview-player';

const NO_MARKERS: never[] = [];
const noTimeChange = () => undefined;

/** The ids a comparison link names: distinct, at most {@link COMPARE_MAX}. */
export function compareIdsOf(raw: string | null): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** A question's text for the picker (its rich text without tags). */
function plainText(quest: Question): string {
  return quest.txt.replace(/<[^>]+>/g, '').trim();
}

/**
 * /backoffice/compare/{jobId}?ids=a,b[,c,d]&quest=… (compare): two to four applicants
 * of one job side by side on one question. "Play in turn" plays each answer to its end and then
 * the next; any answer can also be played on its own. The question is in the URL, so a
 * comparison can be shared with a colleague of the organisation.
 */
export function ComparePage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { jobId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const ids = compareIdsOf(params.get('ids'));
  const details = useQueries({
    queries: ids.map((id) => applicantDetailsQueryOptions(api, jobId, id)),
  });
  const videos = useQueries({
    queries: ids.map((id) => applicantVideosQueryOptions(api, jobId, id)),
  });
  const job = details.find((query) => query.data)?.data?.job ?? null;
  const quests = job?.quests ?? [];
  const chosen = params.get('quest');
  const questIndex = Math.max(
    0,
    quests.findIndex((quest) => quest.id === chosen),
  );
  const quest = quests[questIndex] ?? null;

  const hasRecording = Boolean(
    quest &&
    videos.some((video) => {
      const answer = video.data?.answerMap[quest.id];
      return Boolean(answer?.faceUrl || answer?.screenUrl);
    }),
  );
  const players = useRef<(InterviewPlayerHandle | null)[]>([]);
  const [turn, setTurn] = useState<number | null>(null);
  const playTurn = useCallback((index: number | null) => {
    setTurn(index);
    if (index !== null) players.current[index]?.seekTo(0);
  }, []);
  const handleEnded = (index: number) => {
    if (turn !== index) return;
    const next = players.current.findIndex((player, at) => at > index && player !== null);
    playTurn(next === -1 ? null : next);
  };

  const back = (
    <Button
      component={Link}
      to={`${APPLICANT_OVERVIEW_PATH}/${encodeURIComponent(jobId)}`}
      variant="subtle"
      leftSection={<IconArrowBack size={18} aria-hidden />}
      px={0}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('compare.back')}
    </Button>
  );

  if (ids.length < COMPARE_MIN) {
    return (
      <BackofficeLayout>
        <Stack gap="md" maw={720}>
          {back}
          <Alert color="yellow" variant="light" title={t('compare.title')}>
            {t('compare.pick', { min: COMPARE_MIN, max: COMPARE_MAX })}
          </Alert>
        </Stack>
      </BackofficeLayout>
    );
  }

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        {back}
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2} miw={0}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {t('compare.title')}
            </Title>
            {job ? (
              <Text c="gray.7" truncate>
                {job.title}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm" wrap="wrap">
            {quests.length > 1 ? (
              <Select
                label={t('compare.questionLabel')}
                data={quests.map((item, index) => ({
                  value: item.id,
                  label: t('compare.question', { number: index + 1, text: plainText(item) }),
                }))}
                value={quest?.id ?? null}
                onChange={(value) => {
                  if (!value) return;
                  setTurn(null);
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      next.set('quest', value);
                      return next;
                    },
                    { replace: true },
                  );
                }}
                allowDeselect={false}
                w={{ base: '100%', sm: 320 }}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            {!hasRecording ? null : turn === null ? (
              <Button
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                onClick={() => playTurn(players.current.findIndex((player) => player !== null))}
                mt={{ base: 0, sm: 'lg' }}
              >
                {t('compare.playInTurn')}
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconPlayerStop size={18} aria-hidden />}
                onClick={() => setTurn(null)}
                mt={{ base: 0, sm: 'lg' }}
              >
                {t('compare.stopTurns')}
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {ids.map((id, index) => {
            const applicant = details[index]?.data;
            const video = videos[index];
            const name = applicant
              ? `${applicant.info.fName} ${applicant.info.lName}`.trim()
              : null;
            return (
              <Paper
                key={id}
                withBorder
                radius="lg"
                p="md"
                data-testid="compare-applicant"
                data-playing={turn === index}
                style={
                  turn === index
                    ? { outline: '2px solid var(--mantine-color-indigo-5)', outlineOffset: 2 }
                    : undefined
                }
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    {applicant ? (
                      <Anchor
                        component={Link}
                        to={`/backoffice/details/${encodeURIComponent(jobId)}/${encodeURIComponent(id)}`}
                        fw={700}
                        truncate
                      >
                        {name || applicant.info.email}
                      </Anchor>
                    ) : details[index]?.isError ? (
                      <Text c="red.8" fz="sm">
                        {t('compare.loadFailed')}
                      </Text>
                    ) : (
                      <Skeleton height={20} width={160} />
                    )}
                    {turn === index ? (
                      <Badge variant="light" color="indigo">
                        {t('compare.nowPlaying')}
                      </Badge>
                    ) : null}
                  </Group>
                  {quest ? (
                    <AnswerView
                      quest={quest}
                      index={questIndex}
                      answer={video?.data?.answerMap[quest.id]}
                      isLoading={Boolean(video?.isPending)}
                      hasFailed={Boolean(video?.isError)}
                      playerRef={(handle) => {
                        players.current[index] = handle;
                      }}
                      markers={NO_MARKERS}
                      onTimeChange={noTimeChange}
                      onEnded={() => handleEnded(index)}
                    />
                  ) : (
                    <Skeleton height={200} radius="md" />
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </BackofficeLayout>
  );
}

export default ComparePage;
