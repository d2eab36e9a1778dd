import {
  newNoteSchema,
  NOTE_MAX_LENGTH,
  parseBookmark,
  type Language,
  type NewNote,
  type ReviewNote,
} from '@candid/domain';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../common/forms/use-schema-form';
import { ReadMoreText } from '../../../../common/ui/read-more-text';
import {
  BookmarkInputs,
  EMPTY_BOOKMARK,
  useTimedWarning,
  type BookmarkParts,
} from './bookmark-inputs';
import type { BookmarkTargets } from './bookmark-targets';
import { BookmarkChip, DateTimeText, RemoveNoteButton } from './note-parts';

export interface NotePlayback {
  /** Bookmarked notes of the shown video exist, so they can be played through. */
  canPlay: boolean;
  isPlaying: boolean;
  /** The note being played. */
  currentNoteId: string | null;
  start: () => void;
  stop: () => void;
}

function authorName(note: ReviewNote, fallback: string): string {
  if (!note.owner) return fallback;
  return `${note.owner.fName} ${note.owner.lName ?? ''}`.trim() || fallback;
}

/** The add-note form: trimmed text, required, at most 2000 characters; bookmark. */
function AddNoteForm({
  canBookmark,
  questId,
  durationSec,
  getCurrentTime,
  onAdd,
}: {
  canBookmark: boolean;
  /** The shown answer's question: a bookmark points into it. */
  questId: string | null;
  durationSec: number | null;
  getCurrentTime: () => number | null;
  onAdd: (note: NewNote) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(newNoteSchema, { txt: '' });
  const [bookmark, setBookmark] = useState<BookmarkParts>(EMPTY_BOOKMARK);
  const outsideWarning = useTimedWarning();
  const txt = form.watch('txt');

  const save = form.handleSubmit(async (note) => {
    if (!(await onAdd(note))) return;
    form.reset({ txt: '' });
    setBookmark(EMPTY_BOOKMARK);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The bookmark is two boxes read against the video's length; its outside-the-video warning
    // is its own, the note's text goes through the domain's schema with it.
    let timeStamp: string | undefined;
    if (canBookmark) {
      const parsed = parseBookmark(bookmark.minutes, bookmark.seconds, durationSec ?? 0);
      if (!parsed.ok) {
        setBookmark(EMPTY_BOOKMARK);
        outsideWarning.show();
        return;
      }
      timeStamp = parsed.value ?? undefined;
    }
    form.setValue('timeStamp', timeStamp);
    form.setValue('questId', timeStamp && questId ? questId : undefined);
    void save(event);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('applicantDetails.notes.newNote')}
          placeholder={t('applicantDetails.notes.placeholder')}
          {...form.textField('txt')}
          maxLength={NOTE_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={8}
          description={
            txt.length > NOTE_MAX_LENGTH * 0.9
              ? t('applicantDetails.notes.length', { count: txt.length, max: NOTE_MAX_LENGTH })
              : undefined
          }
        />
        {canBookmark ? (
          <BookmarkInputs
            value={bookmark}
            onChange={setBookmark}
            durationSec={durationSec ?? 0}
            getCurrentTime={getCurrentTime}
            disabled={durationSec === null || durationSec <= 0}
            isWarningShown={outsideWarning.isShown}
            onOutside={outsideWarning.show}
          />
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconNote size={18} aria-hidden />}
          >
            {t('applicantDetails.notes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Notes: the add form, then the notes newest first with author, date and time,
 * and their bookmark, which plays its answer from that moment. A new bookmark points into the
 * shown answer. "Play notes" plays the shown answer's bookmarked moments one after another.
 */
export function NotesPanel({
  notes,
  language,
  canBookmark,
  questId,
  durationSec,
  getCurrentTime,
  playback,
  bookmarks,
  onAdd,
  onRemove,
  canRemove = () => true,
}: {
  notes: readonly ReviewNote[];
  language: Language;
  canBookmark: boolean;
  /** The shown answer's question, which a new bookmark points into; null when none is shown. */
  questId: string | null;
  /** The shown video's length (0 while unknown); null when the shown answer is not a video. */
  durationSec: number | null;
  getCurrentTime: () => number | null;
  playback: NotePlayback;
  bookmarks: BookmarkTargets;
  onAdd: (note: NewNote) => Promise<boolean>;
  onRemove: (note: ReviewNote) => void;
  /** Whether the user may remove a note (a reviewer only their own); every note by default. */
  canRemove?: (note: ReviewNote) => boolean;
}) {
  const { t } = useTranslation();
  const newestFirst = [...notes].reverse();
  return (
    <Stack gap="md">
      <AddNoteForm
        canBookmark={canBookmark}
        questId={questId}
        durationSec={durationSec}
        getCurrentTime={getCurrentTime}
        onAdd={onAdd}
      />
      {playback.canPlay || playback.isPlaying ? (
        <Button
          variant={playback.isPlaying ? 'filled' : 'light'}
          color={playback.isPlaying ? 'red' : 'indigo'}
          leftSection={
            playback.isPlaying ? (
              <IconPlayerStop size={18} aria-hidden />
            ) : (
              <IconPlayerPlay size={18} aria-hidden />
            )
          }
          onClick={playback.isPlaying ? playback.stop : playback.start}
        >
          {playback.isPlaying
            ? t('applicantDetails.notes.stopPlaying')
            : t('applicantDetails.notes.play')}
        </Button>
      ) : null}
      {newestFirst.length === 0 ? (
        <Text fz="sm" c="gray.7" ta="center" py="md">
          {t('applicantDetails.notes.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('applicantDetails.notes.list')}
        >
          {newestFirst.map((note) => {
            const isCurrent = playback.currentNoteId === note.id;
            return (
              <Paper
                component="li"
                key={note.id}
                withBorder
                radius="md"
                p="sm"
                data-testid="note"
                aria-current={isCurrent ? 'true' : undefined}
                style={{
                  borderColor: isCurrent ? 'var(--mantine-color-indigo-5)' : undefined,
                  background: isCurrent ? 'var(--mantine-color-indigo-0)' : undefined,
                }}
              >
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Stack gap={0} miw={0}>
                      <Text fz="sm" fw={700} truncate>
                        {authorName(note, t('applicantDetails.notes.formerUser'))}
                      </Text>
                      <DateTimeText iso={note.createdAt} language={language} />
                    </Stack>
                    {canRemove(note) ? <RemoveNoteButton onClick={() => onRemove(note)} /> : null}
                  </Group>
                  <ReadMoreText fz="sm" text={note.txt} />
                  {note.timeStamp ? (
                    <Group>
                      <BookmarkChip
                        timeStamp={note.timeStamp}
                        target={bookmarks.of(note.questId)}
                        isActive={isCurrent}
                        onJump={bookmarks.jump}
                      />
                    </Group>
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
