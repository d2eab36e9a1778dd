import { statusLabelKey, type Language, type TimelineEvent } from '@candid/domain';
import { Group, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconCircleCheck,
  IconClockCheck,
  IconClockPlus,
  IconClockX,
  IconCameraCheck,
  IconFaceIdError,
  IconDoorExit,
  IconEye,
  IconNote,
  IconPlayerPlay,
  IconSend,
  IconSparkles,
  IconStar,
  IconTag,
  IconUserShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReadMoreText } from '../../../../common/ui/read-more-text';
import type { BookmarkTargets } from './bookmark-targets';
import { BookmarkChip, DateTimeText, RemoveNoteButton } from './note-parts';

const ACTIVITY_ICONS = {
  created: IconSparkles,
  sent: IconSend,
  opened: IconEye,
  submitted: IconCircleCheck,
  quited: IconDoorExit,
  resumed: IconPlayerPlay,
  accommodationRequested: IconClockPlus,
  accommodationApproved: IconClockCheck,
  accommodationDeclined: IconClockX,
  mediaCheckPassed: IconCameraCheck,
  faceCheckSkipped: IconFaceIdError,
} as const;

/** `text` as a bidirectional isolate, laid out on its own whatever the sentence's direction. */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

function EventIcon({ event }: { event: TimelineEvent }) {
  const Icon =
    event.type === 'activity'
      ? ACTIVITY_ICONS[event.activity]
      : event.type === 'status'
        ? IconTag
        : event.type === 'rating'
          ? IconStar
          : event.type === 'guestView'
            ? IconUserShare
            : IconNote;
  return <Icon size={14} aria-hidden />;
}

/**
 * The applicant's timeline, oldest first as the server keeps it: the created event,
 * the interview's milestones (an adjustment request and its decision among them), every status
 * change with its label, every note with its text and bookmark, and every rating given, changed
 * or cleared, and each view of a hiring manager's share link. Removing a note event removes the note too.
 */
export function ApplicantTimeline({
  events,
  language,
  bookmarks,
  onRemoveNote,
  canRemoveNote = () => true,
}: {
  events: readonly TimelineEvent[];
  language: Language;
  bookmarks: BookmarkTargets;
  onRemoveNote: (noteId: string) => void;
  /** Whether the user may remove a note (a reviewer only their own); every note by default. */
  canRemoveNote?: (noteId: string) => boolean;
}) {
  const { t } = useTranslation();

  const title = (event: TimelineEvent) => {
    switch (event.type) {
      case 'activity':
        return t(`applicantDetails.timeline.${event.activity}`);
      case 'status':
        return t('applicantDetails.timeline.status', {
          status: t(statusLabelKey(event.statusCode)),
        });
      case 'rating': {
        // Names and labels are isolated (FSI…PDI), so an English label in a Hebrew sentence
        // (or the reverse) keeps its place and does not carry the score along with it.
        const name = isolate(event.reviewer ?? t('ratings.formerMember'));
        // A hiring manager's rating through a share link is labelled as the guest's.
        const reviewer = event.guest ? t('shareLinks.guestLabel', { name }) : name;
        const target =
          event.targetType === 'question'
            ? t('ratings.timeline.answer', { label: isolate(event.label) })
            : isolate(event.label);
        return event.score === null
          ? t('ratings.timeline.cleared', { reviewer, target })
          : t('ratings.timeline.rated', { reviewer, target, score: event.score });
      }
      case 'guestView':
        return t('shareLinks.timeline.viewed', { name: isolate(event.guestName) });
      default:
        return t('applicantDetails.timeline.note');
    }
  };

  return (
    <Timeline
      bulletSize={26}
      lineWidth={2}
      active={events.length - 1}
      color="indigo"
      data-testid="timeline"
    >
      {events.map((event, index) => (
        <Timeline.Item
          key={`${event.type}-${event.createdAt}-${index}`}
          bullet={
            <ThemeIcon size={26} radius="xl" variant="light" color="indigo">
              <EventIcon event={event} />
            </ThemeIcon>
          }
          data-testid="timeline-event"
          data-type={event.type}
        >
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text fz="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {title(event)}
                </Text>
                <DateTimeText iso={event.createdAt} language={language} />
              </Stack>
              {event.type === 'note' && canRemoveNote(event.noteId) ? (
                <RemoveNoteButton onClick={() => onRemoveNote(event.noteId)} />
              ) : null}
            </Group>
            {event.type === 'note' ? (
              <>
                <ReadMoreText fz="sm" c="gray.8" text={event.txt} />
                {event.timeStamp ? (
                  <Group>
                    <BookmarkChip
                      timeStamp={event.timeStamp}
                      target={bookmarks.of(event.questId)}
                      onJump={bookmarks.jump}
                    />
                  </Group>
                ) : null}
              </>
            ) : null}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
