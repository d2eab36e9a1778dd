import {
  ALERT_KEYS,
  bookmarkToSeconds,
  canChangeStatus,
  errorI18nKey,
  getAnswerType,
  hasPermission,
  isReviewer,
  isScoredQuestion,
  isSubmitted,
  type ApplicantDetails,
  type ReviewNote,
} from '@candid/domain';
import { Alert, Badge, Button, Grid, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconListDetails, IconNotes } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { isApiClientError } from '../../../../common/api/api-error';
import { useApplicantEvents } from '../../../../common/realtime';
import { APPLICANT_OVERVIEW_PATH } from '../../../../common/routing/paths';
import { showAlert } from '../../../../common/stores/alert-store';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { PageLoader } from '../../../../common/ui/page-loader';
import { useSessionUser } from '../../../common/session/session-actions';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import type { InterviewPlayerHandle } from '../../player/interview-player';
import { useApplicantDetails, useApplicantVideos } from '../api/applicant-details-queries';
import { useApplicantChanges } from '../api/use-applicant-changes';
import { useDecideAccommodation } from '../api/decide-accommodation';
import { AccommodationCard } from '../components/accommodation-card';
import { MediaCheckCard } from '../components/media-check-card';
import { ConsentCard } from '../components/consent-card';
import { useRateApplicant } from '../api/use-rate-applicant';
import { AnswerView, type PlayerMarker } from '../components/answer-view';
import { ApplicantHeader } from '../components/applicant-header';
import { notesOfQuestion, type BookmarkTargets } from '../components/bookmark-targets';
import { ApplicantTimeline } from '../components/applicant-timeline';
import { useDataRequests } from '../components/data-requests';
import {
  useBackToOverview,
  type ApplicantDetailsLinkState,
} from '../components/details-navigation';
import { ReviewStepper } from '../review-flow/review-stepper';
import { useReviewNeighbours } from '../review-flow/use-review-neighbours';
import { EditApplicantDialog } from '../components/edit-applicant-dialog';
import { NotesPanel } from '../components/notes-panel';
import { QuestionList } from '../components/question-list';
import { ScoreCard } from '../components/score-card';
import { AnswerRating, ScorecardPanel } from '../components/scorecard-panel';
import { controlPlayer } from '../components/player-control';
import { useNotePlayback } from '../components/use-note-playback';
import { ShareLinksCard } from '../../share/components/share-links-card';

/** Longest part of a note shown as a marker's label on the seek bar. */
const MARKER_LABEL_MAX_CHARS = 60;

function isRecordedAnswerType(type: ReturnType<typeof getAnswerType>): boolean {
  return type === 'video' || type === 'screen';
}

/**
 * The loaded applicant: header, answers with the player and each answer's rating, the
 * scorecard, notes and timeline.
 */
function ApplicantDetailsView({
  applicant,
  jobId,
}: {
  applicant: ApplicantDetails;
  jobId: string;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const language = useLanguageStore((state) => state.language);
  const changes = useApplicantChanges(applicant.id);
  const decide = useDecideAccommodation(jobId, applicant.id);
  const rate = useRateApplicant(jobId, applicant.id);
  const myId = user?._id ?? '';
  // A reviewer watches, rates and writes notes: the rest of the page is read-only for them, and
  // of the notes they remove only their own (the server decides; this only hides).
  const isReviewing = Boolean(user && isReviewer(user));
  const canRemoveNote = (note: ReviewNote | undefined) =>
    Boolean(note) && (!isReviewing || note?.owner?._id === myId);
  const back = useBackToOverview(jobId);
  const location = useLocation();
  const neighbours = useReviewNeighbours(
    applicant.id,
    (location.state as ApplicantDetailsLinkState | null)?.from,
  );
  const dataRequests = useDataRequests(applicant, back);
  const videos = useApplicantVideos(jobId, applicant.id, true);
  const playerRef = useRef<InterviewPlayerHandle>(null);
  const playerBoxRef = useRef<HTMLDivElement>(null);

  const quests = applicant.job.quests;
  const [chosenQuestId, setChosenQuestId] = useState<string | null>(null);
  const currentIndex = Math.max(
    0,
    quests.findIndex((quest) => quest.id === chosenQuestId),
  );
  const currentQuest = quests[currentIndex] ?? null;
  const answer = currentQuest ? videos.data?.answerMap[currentQuest.id] : undefined;
  const hasVideo =
    currentQuest !== null &&
    isRecordedAnswerType(getAnswerType(currentQuest.ansRule)) &&
    Boolean(answer && (answer.faceUrl || answer.screenUrl));

  // The shown video's length: the player's once it knows it, else the server's.
  const [playerDuration, setPlayerDuration] = useState<{ questId: string; sec: number } | null>(
    null,
  );
  const knownDuration = Math.max(answer?.screenDurationSec ?? 0, answer?.faceDurationSec ?? 0);
  const durationSec = !hasVideo
    ? null
    : playerDuration && playerDuration.questId === currentQuest?.id && playerDuration.sec > 0
      ? playerDuration.sec
      : knownDuration;

  const [isEditOpen, setIsEditOpen] = useState(false);
  const [noteToRemove, setNoteToRemove] = useState<ReviewNote | null>(null);

  // Opening the details marks the applicant read, once.
  const isMarkingRead = useRef(false);
  useEffect(() => {
    if (applicant.isRead || isMarkingRead.current) return;
    isMarkingRead.current = true;
    void changes.markRead();
  }, [applicant.isRead, changes]);

  // Bookmarks belong to one answer: the shown answer's mark its bar and play in "play notes".
  const questIds = useMemo(() => quests.map((quest) => quest.id), [quests]);
  const shownBookmarks = useMemo(
    () => notesOfQuestion(applicant.notes, questIds, hasVideo ? (currentQuest?.id ?? null) : null),
    [applicant.notes, questIds, hasVideo, currentQuest],
  );

  const getPlayer = useCallback(() => controlPlayer(playerRef.current, playerBoxRef.current), []);
  const playback = useNotePlayback({
    notes: shownBookmarks,
    durationSec,
    player: getPlayer,
    videoKey: hasVideo ? (currentQuest?.id ?? null) : null,
  });

  const onTimeChange = useCallback(
    (currentSec: number, sec: number) => {
      if (currentQuest) {
        setPlayerDuration((previous) =>
          previous?.questId === currentQuest.id && previous.sec === sec
            ? previous
            : { questId: currentQuest.id, sec },
        );
      }
      playback.onTime(currentSec);
    },
    [currentQuest, playback],
  );

  const markers = useMemo<PlayerMarker[]>(
    () =>
      shownBookmarks.flatMap((note) => {
        const seconds = note.timeStamp ? bookmarkToSeconds(note.timeStamp) : null;
        if (seconds === null) return [];
        const label =
          note.txt.length > MARKER_LABEL_MAX_CHARS
            ? `${note.txt.slice(0, MARKER_LABEL_MAX_CHARS)}…`
            : note.txt;
        return [{ seconds, label }];
      }),
    [shownBookmarks],
  );

  // A bookmark of another answer opens that answer, then plays it from the moment (once its
  // player is mounted: the player keeps a seek asked for while it loads).
  const pendingJumpRef = useRef<{ questId: string; seconds: number } | null>(null);
  const shownQuestId = currentQuest?.id ?? null;
  useEffect(() => {
    const jump = pendingJumpRef.current;
    if (!jump || jump.questId !== shownQuestId) return;
    pendingJumpRef.current = null;
    playerRef.current?.seekTo(jump.seconds);
  }, [shownQuestId]);
  const answerMap = videos.data?.answerMap;
  const bookmarks = useMemo<BookmarkTargets>(
    () => ({
      of: (questId) => {
        const targetId = questId ?? questIds[0];
        const index = quests.findIndex((quest) => quest.id === targetId);
        const quest = quests[index];
        if (!quest) return null;
        const isShown = quest.id === currentQuest?.id;
        const stored = answerMap?.[quest.id];
        const hasAnswerVideo =
          isRecordedAnswerType(getAnswerType(quest.ansRule)) &&
          Boolean(stored && (stored.faceUrl || stored.screenUrl));
        return {
          questId: quest.id,
          number: quests.length > 1 ? index + 1 : null,
          durationSec: isShown
            ? durationSec
            : hasAnswerVideo
              ? Math.max(stored?.screenDurationSec ?? 0, stored?.faceDurationSec ?? 0)
              : null,
          isShown,
        };
      },
      jump: (target, seconds) => {
        if (target.isShown) {
          playerRef.current?.seekTo(seconds);
          return;
        }
        pendingJumpRef.current = { questId: target.questId, seconds };
        setChosenQuestId(target.questId);
      },
    }),
    [quests, questIds, currentQuest, answerMap, durationSec],
  );

  const getCurrentTime = useCallback(() => playerRef.current?.getCurrentTime() ?? null, []);

  const canBookmark = user ? hasPermission(user, 'BOOKMARKS') : false;
  const isStatusDisabled = !canChangeStatus({
    isSubmitted: isSubmitted(applicant),
    isArchiveView: Boolean(applicant.archivedAt),
  });

  const notesCount = applicant.notes.length;

  return (
    <Stack gap="md">
      <ApplicantHeader
        applicant={applicant}
        isStatusDisabled={isStatusDisabled}
        onBack={back}
        onStatusChange={(status) => void changes.changeStatus(status)}
        onEdit={() => setIsEditOpen(true)}
        canChange={!isReviewing}
        onToggleArchive={() =>
          void changes.toggleArchive().then((isDone) => {
            if (isDone) back();
          })
        }
        dataRequestItems={dataRequests.items}
        stepper={<ReviewStepper neighbours={neighbours} />}
      />
      {dataRequests.dialog}
      {applicant.accommodation ? (
        <AccommodationCard
          accommodation={applicant.accommodation}
          language={language}
          isDeciding={decide.isPending}
          onDecide={isReviewing ? undefined : (decision) => decide.mutate(decision)}
        />
      ) : null}
      {applicant.mediaCheck ? (
        <MediaCheckCard mediaCheck={applicant.mediaCheck} language={language} />
      ) : null}
      {applicant.consent ? <ConsentCard consent={applicant.consent} language={language} /> : null}
      {/* Wide screens: the question list beside the player (reviewing many answers without
          scrolling); narrower: below the player (phone) or below both columns. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8, lg: 6 }} order={{ base: 1, lg: 2 }}>
          <Stack gap="md">
            {currentQuest ? (
              <div ref={playerBoxRef}>
                <AnswerView
                  quest={currentQuest}
                  index={currentIndex}
                  answer={answer}
                  isLoading={videos.isPending}
                  hasFailed={videos.isError}
                  playerRef={playerRef}
                  markers={markers}
                  onTimeChange={onTimeChange}
                />
              </div>
            ) : (
              <Alert color="gray" variant="light">
                {t('applicantDetails.questions.none')}
              </Alert>
            )}
            {currentQuest ? (
              <AnswerRating
                key={currentQuest.id}
                questId={currentQuest.id}
                number={currentIndex + 1}
                ratings={applicant.ratings}
                myId={myId}
                onRate={rate}
              />
            ) : null}
          </Stack>
        </Grid.Col>
        {quests.length > 0 ? (
          <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 2, md: 3, lg: 1 }}>
            <QuestionList
              quests={quests}
              answerMap={videos.data?.answerMap}
              currentId={currentQuest?.id ?? null}
              onSelect={setChosenQuestId}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} order={{ base: 3, md: 2, lg: 3 }}>
          <Stack gap="md">
            {quests.some(isScoredQuestion) || applicant.score !== null || applicant.knockedOut ? (
              <ScoreCard score={applicant.score} knockedOut={applicant.knockedOut} />
            ) : null}
            <ScorecardPanel
              criteria={applicant.job.scorecard}
              ratings={applicant.ratings}
              myId={myId}
              onRate={rate}
            />
            {isReviewing ? null : <ShareLinksCard jobId={jobId} applicantId={applicant.id} />}
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
              <Tabs defaultValue="notes" keepMounted={false}>
                <Tabs.List mb="md">
                  <Tabs.Tab
                    value="notes"
                    leftSection={<IconNotes size={16} aria-hidden />}
                    rightSection={
                      notesCount > 0 ? (
                        <Badge size="sm" variant="light" circle>
                          {notesCount}
                        </Badge>
                      ) : null
                    }
                  >
                    {t('applicantDetails.tabs.notes')}
                  </Tabs.Tab>
                  <Tabs.Tab
                    value="timeline"
                    leftSection={<IconListDetails size={16} aria-hidden />}
                  >
                    {t('applicantDetails.tabs.timeline')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="notes">
                  <NotesPanel
                    notes={applicant.notes}
                    language={language}
                    canBookmark={canBookmark}
                    questId={hasVideo ? (currentQuest?.id ?? null) : null}
                    durationSec={durationSec}
                    getCurrentTime={getCurrentTime}
                    playback={playback}
                    bookmarks={bookmarks}
                    onAdd={changes.addNote}
                    onRemove={setNoteToRemove}
                    canRemove={canRemoveNote}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="timeline">
                  <ApplicantTimeline
                    events={applicant.timeline}
                    language={language}
                    bookmarks={bookmarks}
                    canRemoveNote={(noteId) =>
                      canRemoveNote(applicant.notes.find((note) => note.id === noteId))
                    }
                    onRemoveNote={(noteId) =>
                      setNoteToRemove(applicant.notes.find((note) => note.id === noteId) ?? null)
                    }
                  />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <EditApplicantDialog
        info={applicant.info}
        opened={isEditOpen}
        onClose={() => setIsEditOpen(false)}
        onSave={changes.saveInfo}
      />
      <Modal
        opened={noteToRemove !== null}
        onClose={() => setNoteToRemove(null)}
        title={t('applicantDetails.removeNote.title')}
        centered
        radius="lg"
      >
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }} lineClamp={4}>
            {noteToRemove?.txt}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNoteToRemove(null)}>
              {t('applicantDetails.removeNote.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const note = noteToRemove;
                setNoteToRemove(null);
                if (note) void changes.removeNote(note.id);
              }}
            >
              {t('applicantDetails.removeNote.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * /backoffice/details/{jobId}/{applicantId}: one applicant's details. An applicant the
 * user may not open (a locked one for a free user, 403) or one that does not exist
 * (404) sends the user to the applicant overview with an alert.
 */
export function ApplicantDetailsPage() {
  const { t } = useTranslation();
  const { jobId = '', applicantId = '' } = useParams();
  const query = useApplicantDetails(jobId, applicantId);
  // The candidate's own changes (an adjustment request, answers, the submit) show without reload.
  const { refetch } = query;
  useApplicantEvents((event) => {
    if (event.payload.data.applicant.id === applicantId) void refetch();
  });
  const error = query.error;
  const status = isApiClientError(error) ? error.status : null;
  const isLocked = query.data?.isLocked === true;
  const mustLeave = status === 403 || status === 404 || isLocked;

  useEffect(() => {
    // The API client already showed the permissions alert for a 403.
    if (status === 404) showAlert({ type: 'fail', key: errorI18nKey('NOT_FOUND_ERR') });
    if (isLocked) showAlert({ type: 'fail', key: ALERT_KEYS.noPermission });
  }, [status, isLocked]);

  if (mustLeave) return <Navigate to={APPLICANT_OVERVIEW_PATH} replace />;

  const content = () => {
    if (query.isError) {
      return (
        <Alert color="red" variant="light" title={t('applicantDetails.loadFailed')}>
          <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('applicantDetails.retry')}
          </Button>
        </Alert>
      );
    }
    if (!query.data) return <PageLoader />;
    return <ApplicantDetailsView key={query.data.id} applicant={query.data} jobId={jobId} />;
  };

  return <BackofficeLayout>{content()}</BackofficeLayout>;
}

export default ApplicantDetailsPage;
