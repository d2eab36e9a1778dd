import {
  answerRuleFor,
  canRemoveQuestion,
  getAnswerType,
  type AnswerType,
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
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AnswerTypeMenu, type QuestionEditorMode } from './answer-type-menu';
import type { QuestionErrors } from './question-errors';
import { RichTextField } from './rich-text-field';
import { TimeLimitMenu } from './time-limit-menu';

/** A question with another answer type: the rule holds only that flag (spec §4). */
export function changeAnswerType(quest: Question, type: AnswerType): Question {
  const { opts, ...rest } = quest;
  const next: Question = { ...rest, ansRule: answerRuleFor(type) };
  if (type === 'multipleChoice') {
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

/** Moves the item at `from` to `to` (both in range). */
function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
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
  quest,
  index,
  count,
  canRemove,
  errors,
  mode,
  user,
  isOneTry,
  onChange,
  onMove,
  onRemove,
  blankTextFallback,
}: {
  quest: Question;
  index: number;
  count: number;
  canRemove: boolean;
  errors?: QuestionErrors;
  mode: QuestionEditorMode;
  user: PermissionSubject;
  isOneTry: boolean;
  onChange: (quest: Question) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  blankTextFallback?: string;
}) {
  const { t } = useTranslation();
  const number = index + 1;
  const type = getAnswerType(quest.ansRule);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="question-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light" color="indigo" size="lg" radius="sm">
            {t('questions.number', { number })}
          </Badge>
          <Group gap={4} wrap="nowrap">
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
          label={t('questions.text')}
          placeholder={t('questions.textPlaceholder')}
          value={quest.txt}
          withAsterisk
          error={errors?.txt ? t(errors.txt) : undefined}
          onChange={(event) => onChange({ ...quest, txt: event.currentTarget.value })}
          onBlur={() => {
            if (blankTextFallback && !quest.txt.trim())
              onChange({ ...quest, txt: blankTextFallback });
          }}
          aria-label={t('questions.textOf', { number })}
        />
        <RichTextField
          label={t('questions.description')}
          value={quest.desc}
          minRows={2}
          onChange={(desc) => onChange({ ...quest, desc })}
        />
        <Group gap="sm" align="flex-end">
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('questions.answerType')}
            </Text>
            <AnswerTypeMenu
              value={type}
              onChange={(next) => onChange(changeAnswerType(quest, next))}
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
              onChange={(timeLimit) => onChange({ ...quest, timeLimit })}
              questionNumber={number}
            />
          </Stack>
        </Group>
        {errors?.ansRule ? (
          <Text fz="sm" c="red.8" role="alert">
            {t(errors.ansRule)}
          </Text>
        ) : null}
        {type === 'multipleChoice' ? (
          <OptionsEditor
            opts={quest.opts ?? []}
            onChange={(opts) => onChange({ ...quest, opts })}
            error={errors?.opts}
            questionNumber={number}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The question editor shared by the job and template editors (spec §4): add, remove (only with
 * more than one question), reorder with up and down, text, rich-text description, answer type
 * and time limit, options for multiple choice. Each question shows its own errors.
 */
export function QuestionListEditor({
  quests,
  onChange,
  mode,
  user,
  isOneTry = true,
  createQuestion,
  errors,
  blankTextFallback,
}: {
  quests: Question[];
  onChange: (quests: Question[]) => void;
  mode: QuestionEditorMode;
  user: PermissionSubject;
  /** The job's one-try rule (screen recording needs it); templates have none. */
  isOneTry?: boolean;
  createQuestion: () => Question;
  errors?: Map<number, QuestionErrors>;
  /** What a question text left blank becomes when the field is left (job editor, spec §5). */
  blankTextFallback?: string;
}) {
  const { t } = useTranslation();
  const canRemove = canRemoveQuestion({ quests });
  return (
    <Stack gap="md">
      {quests.map((quest, index) => (
        <QuestionCard
          key={quest.id}
          quest={quest}
          index={index}
          count={quests.length}
          canRemove={canRemove}
          errors={errors?.get(index)}
          mode={mode}
          user={user}
          isOneTry={isOneTry}
          onChange={(next) => onChange(quests.map((q, i) => (i === index ? next : q)))}
          onMove={(to) => onChange(move(quests, index, to))}
          onRemove={() => onChange(quests.filter((_, i) => i !== index))}
          blankTextFallback={blankTextFallback}
        />
      ))}
      <Button
        variant="light"
        size="md"
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => onChange([...quests, createQuestion()])}
        style={{
          borderStyle: 'dashed',
          borderWidth: 1,
          borderColor: 'var(--mantine-color-indigo-3)',
        }}
      >
        {t('questions.add')}
      </Button>
    </Stack>
  );
}
