import { Anchor, Text, type TextProps } from '@mantine/core';
import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** How much of a long text shows before "Read more". */
export const LONG_TEXT_PREVIEW_CHARS = 100;

/**
 * The first {@link LONG_TEXT_PREVIEW_CHARS} characters of `text`, cut at the last space
 * before them when there is one, so no word is split.
 */
export function previewOf(text: string, maxChars = LONG_TEXT_PREVIEW_CHARS): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.search(/\s\S*$/u);
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * A text that may be long (a note, an answer): longer than the preview, it shows the preview
 * and "Read more", which shows it whole (and "Show less" folds it again).
 */
export function ReadMoreText({
  text,
  style,
  ...textProps
}: { text: string; style?: CSSProperties } & Omit<TextProps, 'children' | 'style'>) {
  const { t } = useTranslation();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const isLong = text.length > LONG_TEXT_PREVIEW_CHARS;
  return (
    <div>
      <Text
        id={id}
        dir="auto"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', ...style }}
        {...textProps}
      >
        {isLong && !isOpen ? previewOf(text) : text}
      </Text>
      {isLong ? (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          fw={600}
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? t('common.showLess') : t('common.readMore')}
        </Anchor>
      ) : null}
    </div>
  );
}
