import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import classes from '../../../../common/ui/mirror-in-rtl.module.css';
import type { ApplicantNeighbour } from './neighbour-list';
import type { ReviewNeighbours } from './use-review-neighbours';

/** Whether a key press belongs to a field the user types in (its own keys win). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(target.type);
}

/**
 * Which way a key steps: `j` next and `k` previous (as in mail readers), and Alt with the
 * arrow pointing the way the text reads (Alt+→ next in English, Alt+← next in Hebrew).
 */
export function stepOfKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  dir: 'ltr' | 'rtl',
): 'prev' | 'next' | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey && !event.shiftKey) {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) return 'next';
    if (event.key === backward) return 'prev';
    return null;
  }
  if (event.altKey || event.shiftKey) return null;
  if (event.key === 'j') return 'next';
  if (event.key === 'k') return 'prev';
  return null;
}

/**
 * Previous / next applicant of the overview list the details were opened from, with the place
 * in it ("3 of 12") and the keys of stepOfKey. A step replaces the history entry, so the back
 * link (and the browser's) still leads to the overview.
 */
export function ReviewStepper({ neighbours }: { neighbours: ReviewNeighbours }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { prev, next, position } = neighbours;
  const dir = i18n.dir();

  useEffect(() => {
    const go = (target: ApplicantNeighbour) =>
      void navigate(target.path, { replace: true, state: { from: target.from } });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const step = stepOfKey(event, dir);
      const target = step === 'next' ? next : step === 'prev' ? prev : null;
      if (!target) return;
      event.preventDefault();
      go(target);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, prev, next, dir]);

  if (!position) return null;
  const stepButton = (target: ApplicantNeighbour | null, kind: 'prev' | 'next') => (
    <Button
      variant="default"
      size="sm"
      mih={44}
      disabled={!target}
      aria-keyshortcuts={kind === 'next' ? 'J' : 'K'}
      title={t(`applicantDetails.review.${kind}Hint`)}
      onClick={() =>
        target && void navigate(target.path, { replace: true, state: { from: target.from } })
      }
      leftSection={
        kind === 'prev' ? (
          <IconChevronLeft size={18} className={classes.mirror} aria-hidden />
        ) : null
      }
      rightSection={
        kind === 'next' ? (
          <IconChevronRight size={18} className={classes.mirror} aria-hidden />
        ) : null
      }
    >
      {t(`applicantDetails.review.${kind}`)}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={t('applicantDetails.review.label')}>
      {stepButton(prev, 'prev')}
      <Text fz="sm" c="gray.7" miw={56} ta="center" data-testid="review-position">
        {t('applicantDetails.review.position', position)}
      </Text>
      {stepButton(next, 'next')}
    </Group>
  );
}
