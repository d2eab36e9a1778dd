import {
  ANSWER_TYPES,
  answerTypeLabelKey,
  isAnswerTypeAllowed,
  isAnswerTypeAllowedForRule,
  VALIDATION_KEYS,
  type AnswerType,
  type PermissionSubject,
} from '@candid/domain';
import { Button } from '@mantine/core';
import {
  IconChevronDown,
  IconCode,
  IconDeviceDesktop,
  IconListCheck,
  IconPhoto,
  IconTextSize,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveMenu } from '../../../common/ui/responsive-menu';

/**
 * The icon of an answer type. A switch inside a component rather than a module-level table of
 * imported components, which the back-office chunk can read before they are initialised.
 */
export function AnswerTypeIcon({ type, size = 16 }: { type: AnswerType | null; size?: number }) {
  switch (type) {
    case 'screen':
      return <IconDeviceDesktop size={size} aria-hidden />;
    case 'text':
      return <IconTextSize size={size} aria-hidden />;
    case 'image':
      return <IconPhoto size={size} aria-hidden />;
    case 'code':
      return <IconCode size={size} aria-hidden />;
    case 'multipleChoice':
      return <IconListCheck size={size} aria-hidden />;
    default:
      return <IconVideo size={size} aria-hidden />;
  }
}

/**
 * Answer types a template question may have (video, or video with screen, text or
 * code); image and multiple choice are job-only.
 */
export const TEMPLATE_ANSWER_TYPES: readonly AnswerType[] = ['video', 'screen', 'text', 'code'];

export type QuestionEditorMode = 'job' | 'template';

/** Why an answer type cannot be chosen (an i18n key), or null when it can. */
export function getAnswerTypeBlock(
  type: AnswerType,
  {
    user,
    mode,
    isOneTry,
  }: { user: PermissionSubject; mode: QuestionEditorMode; isOneTry: boolean },
): string | null {
  if (!isAnswerTypeAllowed(user, type)) return 'questions.notInPlan';
  if (mode === 'job' && !isAnswerTypeAllowedForRule(type, { isOneTry })) {
    return VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES;
  }
  return null;
}

/**
 * The answer-type menu of a question: types the plan does not permit are
 * disabled with the reason; screen recording needs one try in the job editor.
 */
export function AnswerTypeMenu({
  value,
  onChange,
  user,
  mode,
  isOneTry,
  questionNumber,
}: {
  value: AnswerType | null;
  onChange: (type: AnswerType) => void;
  user: PermissionSubject;
  mode: QuestionEditorMode;
  isOneTry: boolean;
  questionNumber: number;
}) {
  const { t } = useTranslation();
  const types = mode === 'template' ? TEMPLATE_ANSWER_TYPES : ANSWER_TYPES;
  return (
    <ResponsiveMenu
      title={t('questions.answerType')}
      width={280}
      items={types.map((type) => {
        const block = getAnswerTypeBlock(type, { user, mode, isOneTry });
        return {
          id: type,
          label: t(answerTypeLabelKey(type)),
          icon: <AnswerTypeIcon type={type} size={18} />,
          disabled: block !== null,
          hint: block ? t(block) : undefined,
          isSelected: type === value,
          onClick: () => onChange(type),
        };
      })}
      target={
        <Button
          variant="default"
          leftSection={<AnswerTypeIcon type={value} />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('questions.answerTypeOf', {
            number: questionNumber,
            type: value ? t(answerTypeLabelKey(value)) : '—',
          })}
        >
          {value ? t(answerTypeLabelKey(value)) : t('questions.chooseType')}
        </Button>
      }
    />
  );
}
