import { getClosingDateIssue } from '@candid/domain';
import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's (the recruiter's) time zone. */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the recruiter's wall-clock time) as a UTC instant; null when empty. */
export function fromLocalInputValue(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The browser's time zone name, shown beside the field so the recruiter knows which one. */
function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The job's optional closing date: picked in the recruiter's time zone (the native
 * picker on a phone), saved as an instant. A new date must lie in the future (the domain rule,
 * checked again by the server); the date the job was loaded with stays valid even once passed.
 */
export function ClosingDateField({
  value,
  savedValue,
  onChange,
}: {
  value: string | null;
  /** The date as loaded: unchanged, it is accepted even in the past. */
  savedValue: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toLocalInputValue(value));
  // Undo, redo or a failed save put another value in: it wins over what was typed.
  const shown = fromLocalInputValue(text) === value ? text : toLocalInputValue(value);
  const issue = getClosingDateIssue(value, savedValue, new Date());
  return (
    <TextInput
      type="datetime-local"
      label={t('jobEditor.closesAt')}
      description={t('jobEditor.closesAtHint', { zone: timeZoneName() })}
      value={shown}
      min={toLocalInputValue(new Date().toISOString())}
      error={issue ? t(issue) : undefined}
      data-testid="closing-date"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(fromLocalInputValue(next));
      }}
      rightSection={
        shown ? (
          <Tooltip label={t('jobEditor.closesAtClear')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('jobEditor.closesAtClear')}
              onClick={() => {
                setText('');
                onChange(null);
              }}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
      rightSectionPointerEvents="all"
    />
  );
}
