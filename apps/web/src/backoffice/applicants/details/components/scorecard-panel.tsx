import {
  summarizeTarget,
  type ApplicantRatings,
  type RatingTargetType,
  type ReviewRating,
  type ScorecardCriterion,
} from '@candid/domain';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RatingSummaryText } from '../../common/rating-summary';
import { RatingInput } from './rating-input';

/** Saves the caller's rating of a target; resolves to whether the server agreed. */
export type RateTarget = (
  targetType: RatingTargetType,
  targetId: string,
  score: number | null,
) => Promise<boolean>;

function ratingsOf(ratings: ApplicantRatings, targetType: RatingTargetType, targetId: string) {
  return ratings.ratings.filter(
    (rating) => rating.targetType === targetType && rating.targetId === targetId,
  );
}

function scoresOf(ratings: readonly ReviewRating[]) {
  return ratings.map((rating) => ({
    reviewerId: rating.reviewer?._id ?? null,
    targetType: rating.targetType,
    targetId: rating.targetId,
    score: rating.score,
  }));
}

/** Who rated a target and how: "You 5", "Mia Levi 3" (a deleted account: "Former member"). */
function ReviewerScores({ ratings, myId }: { ratings: readonly ReviewRating[]; myId: string }) {
  const { t } = useTranslation();
  if (ratings.length === 0) {
    return (
      <Text fz="xs" c="gray.7">
        {t('ratings.nobodyYet')}
      </Text>
    );
  }
  return (
    <Group
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('ratings.whoRated')}
      data-testid="reviewer-scores"
    >
      {ratings.map((rating, index) => {
        const name =
          rating.guestName !== undefined
            ? t('shareLinks.guestLabel', { name: rating.guestName })
            : rating.reviewer === null
              ? t('ratings.formerMember')
              : rating.reviewer._id === myId
                ? t('ratings.you')
                : `${rating.reviewer.fName} ${rating.reviewer.lName}`.trim();
        return (
          <Group
            key={`${rating.reviewer?._id ?? 'gone'}-${index}`}
            component="li"
            gap={4}
            wrap="nowrap"
            px={8}
            py={2}
            bg="gray.0"
            style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          >
            <Text fz="xs" c="gray.8" truncate maw={140}>
              <bdi>{name}</bdi>
            </Text>
            <IconStarFilled size={11} color="var(--mantine-color-yellow-6)" aria-hidden />
            <Text fz="xs" fw={700}>
              {rating.score}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

/** One rated target: its label, the team's average, my stars and who rated. */
function RatedTarget({
  label,
  targetType,
  targetId,
  ratings,
  myId,
  onRate,
}: {
  label: string;
  targetType: RatingTargetType;
  targetId: string;
  ratings: ApplicantRatings;
  myId: string;
  onRate: RateTarget;
}) {
  const mine = ratingsOf(ratings, targetType, targetId);
  const myScore = mine.find((rating) => rating.reviewer?._id === myId)?.score ?? null;
  const summary = summarizeTarget(scoresOf(mine), targetType, targetId);
  return (
    <Stack gap={6} data-testid="rated-target" data-target={targetId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} dir="auto">
          {label}
        </Text>
        {/* Unrated, the line under the stars says so ("No ratings yet"): said once. */}
        {summary.count > 0 ? <RatingSummaryText summary={summary} /> : null}
      </Group>
      <RatingInput
        label={label}
        value={myScore}
        onChange={(score) => onRate(targetType, targetId, score)}
      />
      <ReviewerScores ratings={mine} myId={myId} />
    </Stack>
  );
}

/**
 * The applicant's scorecard: the team's average and reviewer count, then each
 * criterion of the job's scorecard with the caller's own stars, the criterion's average and
 * who rated it.
 */
export function ScorecardPanel({
  criteria,
  ratings,
  myId,
  onRate,
}: {
  criteria: readonly ScorecardCriterion[];
  ratings: ApplicantRatings;
  myId: string;
  onRate: RateTarget;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="scorecard-title"
      data-testid="scorecard"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id="scorecard-title">
            {t('ratings.scorecard')}
          </Title>
          {ratings.summary.count > 0 ? (
            <RatingSummaryText summary={ratings.summary} size="md" />
          ) : null}
        </Group>
        <Text fz="xs" c="gray.7">
          {ratings.summary.count > 0
            ? t('ratings.reviewerCount', { count: ratings.summary.count })
            : t('ratings.beFirst')}
        </Text>
        {criteria.map((criterion, index) => (
          <Stack key={criterion.id} gap="sm">
            {index > 0 ? <Divider /> : null}
            <RatedTarget
              label={criterion.label}
              targetType="criterion"
              targetId={criterion.id}
              ratings={ratings}
              myId={myId}
              onRate={onRate}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The rating of the answer on show, under the answer. */
export function AnswerRating({
  questId,
  number,
  ratings,
  myId,
  onRate,
}: {
  questId: string;
  /** The question's number, 1-based, for the stars' names. */
  number: number;
  ratings: ApplicantRatings;
  myId: string;
  onRate: RateTarget;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="answer-rating">
      <RatedTarget
        label={t('ratings.answerLabel', { number })}
        targetType="question"
        targetId={questId}
        ratings={ratings}
        myId={myId}
        onRate={onRate}
      />
    </Paper>
  );
}
