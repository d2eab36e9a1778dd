import {
  answerRuleFor,
  canRemoveQuestion,
  getAnswerType,
  QUESTION_DESC_MAX_CHARS,
  type AnswerType,
  type Language,
  type PermissionSubject,
  type Question,
  type QuestionOption,
} from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBookmarkPlus,
  IconLibraryPlus,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  get,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
  type FieldErrors,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AnswerTypeMenu, type QuestionEditorMode } from './answer-type-menu';
import { useSaveQuestionToLibrary } from './question-library-api';
import { QuestionLibraryPicker } from './question-library-picker';
import { QuestionScoringField } from './question-scoring-field';
import { showAlert } from '../../../common/stores/alert-store';
import { RichTextField } from './rich-text-field';
import { ThinkTimeMenu } from './think-time-menu';
import { TimeLimitMenu } from './time-limit-menu';

/**
 * A question with another answer type: the rule holds only that flag; only multiple choice
 * keeps its options and scoring.
 */
export function changeAnswerType(quest: Question, type: AnswerType): Question {
  const { opts, scoring, knockoutStatus, ...rest } = quest;
  const next: Question = { ...rest, ansRule: answerRuleFor(type) };
  if (type === 'multipleChoice') {
    if (scoring !== undefined) next.scoring = scoring;
    if (knockoutStatus !== undefined) next.knockoutStatus = knockoutStatus;
    next.opts =
      opts && opts.length > 0
        ? opts
        : [
            { txt: '', isCorrect: false },
            { txt: '', isCorrect: false },
          ];
  }
  return next;
}

/**
 * The values the question editor works on: the job's or the template's react-hook-form form,
 * provided by a `FormProvider` around the editor, with its questions under `quests`.
 */
export interface QuestionsFormValues {
  quests: Question[];
}

type QuestionField = 'txt' | 'ansRule' | 'opts';

/** The translated error of one field of question `index`, as the form's schema reported it. */
function questionErrorOf(
  errors: FieldErrors<QuestionsFormValues>,
  index: number,
  field: QuestionField,
): string | undefined {
  const message: unknown = (
    get(errors, `quests.${index}.${field}`) as { message?: unknown } | undefined
  )?.message;
  return typeof message === 'string' && message ? message : undefined;
}

function OptionsEditor({
  opts,
  onChange,
  error,
  questionNumber,
}: {
  opts: QuestionOption[];
  onChange: (opts: QuestionOption[]) => void;
  error?: string;
  questionNumber: number;
}) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<QuestionOption>) =>
    onChange(opts.map((opt, i) => (i === index ? { ...opt, ...patch } : opt)));
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('questions.options')}
      </Text>
      {opts.map((opt, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <Tooltip label={t('questions.correctAnswer')} withArrow>
            <Checkbox
              checked={opt.isCorrect}
              onChange={(event) => update(index, { isCorrect: event.currentTarget.checked })}
              aria-label={t('questions.markCorrect', { number: index + 1 })}
              color="teal"
            />
          </Tooltip>
          <TextInput
            flex={1}
            value={opt.txt}
            placeholder={t('questions.optionPlaceholder', { number: index + 1 })}
            aria-label={t('questions.optionText', { number: index + 1, question: questionNumber })}
            onChange={(event) => update(index, { txt: event.currentTarget.value })}
          />
          <CloseButton
            aria-label={t('questions.removeOption', { number: index + 1 })}
            onClick={() => onChange(opts.filter((_, i) => i !== index))}
          />
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...opts, { txt: '', isCorrect: false }])}
        >
          {t('questions.addOption')}
        </Button>
      </Group>
      {error ? (
        <Text fz="sm" c="red.8" role="alert">
          {t(error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function QuestionCard({
  index,
  count,
  canRemove,
  mode,
  user,
  isOneTry,
  onMove,
  onRemove,
  blankTextFallback,
}: {
  index: number;
  count: number;
  canRemove: boolean;
  mode: QuestionEditorMode;
  user: PermissionSubject;
  isOneTry: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  blankTextFallback?: string;
}) {
  const { t } = useTranslation();
  const { control, register, setValue, getValues } = useFormContext<QuestionsFormValues>();
  const quest = useWatch({ control, name: `quests.${index}` });
  const { errors, isSubmitted } = useFormState({ control, name: `quests.${index}` });
  // Same timing as the form's own fields: once a save was tried, each change is checked again.
  const options = { shouldDirty: true, shouldValidate: isSubmitted };
  const errorOf = (field: QuestionField) => {
    const key = questionErrorOf(errors, index, field);
    return key ? t(key) : undefined;
  };
  const text = register(`quests.${index}.txt`);
  const number = index + 1;
  const saveToLibrary = useSaveQuestionToLibrary();
  const save = () => {
    if (!getValues(`quests.${index}.txt`).trim()) {
      showAlert({ type: 'fail', key: 'questionLibrary.saveNeedsText' });
      return;
    }
    saveToLibrary.mutate(getValues(`quests.${index}`), {
      onSuccess: () => showAlert({ type: 'success', key: 'questionLibrary.saved' }),
      onError: () => showAlert({ type: 'fail', key: 'questionLibrary.saveFailed' }),
    });
  };
  const type = getAnswerType(quest.ansRule);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="question-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light" color="indigo" size="lg" radius="sm">
            {t('questions.number', { number })}
          </Badge>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('questionLibrary.save')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                loading={saveToLibrary.isPending}
                onClick={save}
                aria-label={t('questionLibrary.saveNumber', { number })}
              >
                <IconBookmarkPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('questions.moveUp')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => onMove(index - 1)}
                aria-label={t('questions.moveUpNumber', { number })}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('questions.moveDown')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === count - 1}
                onClick={() => onMove(index + 1)}
                aria-label={t('questions.moveDownNumber', { number })}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {canRemove ? (
              <Tooltip label={t('questions.remove')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onRemove}
                  aria-label={t('questions.removeNumber', { number })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        <TextInput
          {...text}
          label={t('questions.text')}
          placeholder={t('questions.textPlaceholder')}
          withAsterisk
          error={errorOf('txt')}
          onBlur={(event) => {
            void text.onBlur(event);
            if (blankTextFallback && !getValues(`quests.${index}.txt`).trim())
              setValue(`quests.${index}.txt`, blankTextFallback, options);
          }}
          aria-label={t('questions.textOf', { number })}
        />
        <RichTextField
          label={t('questions.description')}
          value={quest.desc}
          minRows={2}
          maxChars={QUESTION_DESC_MAX_CHARS}
          onChange={(desc) => setValue(`quests.${index}.desc`, desc, options)}
        />
        <Group gap="sm" align="flex-end">
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('questions.answerType')}
            </Text>
            <AnswerTypeMenu
              value={type}
              onChange={(next) => {
                const changed = changeAnswerType(getValues(`quests.${index}`), next);
                setValue(`quests.${index}.opts`, changed.opts, options);
                setValue(`quests.${index}.ansRule`, changed.ansRule, options);
                setValue(`quests.${index}.scoring`, changed.scoring, options);
                setValue(`quests.${index}.knockoutStatus`, changed.knockoutStatus, options);
              }}
              user={user}
              mode={mode}
              isOneTry={isOneTry}
              questionNumber={number}
            />
          </Stack>
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('questions.timeLimit')}
            </Text>
            <TimeLimitMenu
              value={quest.timeLimit}
              onChange={(timeLimit) => setValue(`quests.${index}.timeLimit`, timeLimit, options)}
              questionNumber={number}
            />
          </Stack>
          {(type === 'video' || type === 'screen') && !(mode === 'job' && isOneTry) ? (
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('questions.thinkTime')}
              </Text>
              <ThinkTimeMenu
                value={quest.thinkTimeSec}
                onChange={(thinkTimeSec) =>
                  setValue(`quests.${index}.thinkTimeSec`, thinkTimeSec, options)
                }
                questionNumber={number}
              />
            </Stack>
          ) : null}
        </Group>
        {errorOf('ansRule') ? (
          <Text fz="sm" c="red.8" role="alert">
            {errorOf('ansRule')}
          </Text>
        ) : null}
        {type === 'multipleChoice' ? (
          <OptionsEditor
            opts={quest.opts ?? []}
            onChange={(opts) => setValue(`quests.${index}.opts`, opts, options)}
            error={errorOf('opts')}
            questionNumber={number}
          />
        ) : null}
        {/* Scoring is the job's (a template does not keep it). */}
        {type === 'multipleChoice' && mode === 'job' ? (
          <QuestionScoringField
            quest={quest}
            questionNumber={number}
            onChange={({ scoring, knockoutStatus }) => {
              setValue(`quests.${index}.scoring`, scoring, options);
              setValue(`quests.${index}.knockoutStatus`, knockoutStatus, options);
            }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The question editor shared by the job and template editors, on the editor's form
 * (react-hook-form, `useFieldArray` over `quests`): add, remove (only with more than one
 * question), reorder with up and down, text, rich-text description, answer type and time limit,
 * options for multiple choice and, in a job, their scoring. Each question shows its own errors from the form's
 * schema.
 */
export function QuestionListEditor({
  mode,
  user,
  isOneTry = true,
  createQuestion,
  blankTextFallback,
  libraryLang,
}: {
  mode: QuestionEditorMode;
  user: PermissionSubject;
  /** The job's one-try rule (screen recording needs it); templates have none. */
  isOneTry?: boolean;
  createQuestion: () => Question;
  /** What a question text left blank becomes when the field is left (job editor). */
  blankTextFallback?: string;
  /** The language the library's built-in questions are added in: the job's, or the recruiter's. */
  libraryLang: Language;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<QuestionsFormValues>();
  // `keyName`: the questions have an `id` of their own, which must stay theirs.
  const { fields, append, move, remove } = useFieldArray({
    control,
    name: 'quests',
    keyName: 'key',
  });
  const canRemove = canRemoveQuestion({ quests: fields });
  const [libraryOpen, setLibraryOpen] = useState(false);
  return (
    <Stack gap="md">
      {fields.map((field, index) => (
        <QuestionCard
          key={field.key}
          index={index}
          count={fields.length}
          canRemove={canRemove}
          mode={mode}
          user={user}
          isOneTry={isOneTry}
          onMove={(to) => move(index, to)}
          onRemove={() => remove(index)}
          blankTextFallback={blankTextFallback}
        />
      ))}
      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button
          variant="light"
          size="md"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => append(createQuestion(), { shouldFocus: false })}
          style={{
            borderStyle: 'dashed',
            borderWidth: 1,
            borderColor: 'var(--mantine-color-indigo-3)',
          }}
        >
          {t('questions.add')}
        </Button>
        <Button
          variant="default"
          size="md"
          leftSection={<IconLibraryPlus size={18} aria-hidden />}
          onClick={() => setLibraryOpen(true)}
          aria-haspopup="dialog"
        >
          {t('questionLibrary.open')}
        </Button>
      </Group>
      <QuestionLibraryPicker
        opened={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        lang={libraryLang}
        onAdd={(quests) => append(quests, { shouldFocus: false })}
      />
    </Stack>
  );
}
