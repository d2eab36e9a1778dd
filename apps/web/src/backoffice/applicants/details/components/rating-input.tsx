import { RATING_MAX } from '@candid/domain';
import { CloseButton, Group, Rating } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The caller's own 1–5 rating of one criterion or answer: five stars that are radio
 * buttons (Mantine's Rating: Tab reaches the group, the arrow keys move between the stars in the
 * page's reading direction and Enter or Space sets the one in focus, so passing over stars saves
 * nothing), each read out as "3 of 5 stars", and a clear button while there is a rating. The
 * chosen score shows at once and goes back when the save fails.
 */
export function RatingInput({
  label,
  value,
  onChange,
  disabled = false,
}: {
  /** What is rated ("Communication", "Question 2"), for the group's and the buttons' names. */
  label: string;
  value: number | null;
  onChange: (score: number | null) => Promise<boolean>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  // The score being saved, with the value it replaced: once the server's value changes, it wins.
  const [pending, setPending] = useState<{ score: number | null; over: number | null } | null>(
    null,
  );
  const shown = pending && pending.over === value ? pending.score : value;

  const choose = (score: number | null) => {
    if (score === shown) return;
    setPending({ score, over: value });
    void onChange(score).then((isSaved) => {
      if (!isSaved) setPending(null);
    });
  };

  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="group"
      aria-label={t('ratings.myRatingOf', { label })}
      data-testid="rating-input"
      data-value={shown ?? ''}
    >
      <Rating
        name={name}
        count={RATING_MAX}
        value={shown ?? 0}
        onChange={(score) => choose(score >= 1 ? score : null)}
        readOnly={disabled}
        size="lg"
        getSymbolLabel={(score) =>
          score >= 1 ? t('ratings.starLabel', { score, max: RATING_MAX }) : t('ratings.noStars')
        }
      />
      {shown !== null && !disabled ? (
        <CloseButton
          size="sm"
          aria-label={t('ratings.clear', { label })}
          onClick={() => choose(null)}
        />
      ) : null}
    </Group>
  );
}
