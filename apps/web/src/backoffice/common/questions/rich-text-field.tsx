// The editor's styles load with the screens that edit rich text, not with the app shell.
import '@mantine/tiptap/styles.css';
import { getDirection, isLanguage } from '@candid/domain';
import { Input, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countChars,
  EmptyPlaceholder,
  MaxChars,
  SKIP_MAX_CHARS_META,
} from './rich-text-extensions';
import richText from '../../../common/ui/rich-text.module.css';
import classes from './rich-text-field.module.css';

const LINE_HEIGHT_PX = 24;

/**
 * A rich-text field (job and question descriptions) on Mantine's tiptap editor:
 * bold, italic, underline, bulleted and numbered lists, links and clear formatting. The value
 * is HTML of the tags the server's sanitiser keeps (paragraphs, emphasis, lists, links);
 * an empty editor gives ''. `maxChars` is the product's optional limit that truncates input;
 * with it a counter under the field shows the characters used, red (with the reason) when a
 * stored text is already over the limit, which the server refuses.
 */
export function RichTextField({
  label,
  value,
  onChange,
  placeholder = '',
  minRows = 3,
  maxChars,
  name,
  error,
}: {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minRows?: number;
  /** Characters of text (not markup) the field accepts; more is cut off. */
  maxChars?: number;
  /** The form field's path, so a list of problems can lead to the field. */
  name?: string;
  /** The field's problem, shown under it. */
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const [charCount, setCharCount] = useState<number | null>(null);
  const counterId = useId();
  const errorId = useId();
  // The language's direction, so Hebrew text starts at the right from the first keystroke.
  const dir = getDirection(isLanguage(i18n.language) ? i18n.language : 'en');
  const labelId = useId();
  const describedBy = [error ? errorId : null, maxChars ? counterId : null].filter(Boolean);
  const attributes: Record<string, string> = {
    dir,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy.length > 0 ? { 'aria-describedby': describedBy.join(' ') } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(name ? { name } : {}),
  };
  // Read by the editor on each of its updates, so a new error reaches the field without a new editor.
  const attributesRef = useRef(attributes);
  const onChangeRef = useRef(onChange);
  // The HTML this field last handed out (or was given), to tell outside changes from echoes.
  const shownRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor(
    {
      extensions: [
        // No trailing empty paragraph: the stored HTML is what was typed.
        StarterKit.configure({ link: false, trailingNode: false, heading: { levels: [2, 3] } }),
        Link,
        MaxChars.configure({ limit: maxChars ?? null }),
        EmptyPlaceholder.configure({ placeholder }),
      ],
      // Read when the editor is (re)created; later values arrive through the effect below.
      content: value,
      editorProps: {
        attributes: () => attributesRef.current,
      },
      onUpdate: ({ editor: current }) => {
        setCharCount(countChars(current.state.doc));
        const html = current.isEmpty ? '' : current.getHTML();
        shownRef.current = html;
        onChangeRef.current(html);
      },
    },
    [dir, maxChars, placeholder, labelId, counterId],
  );

  // An error appearing or going: the editor draws its attributes again (typing goes on).
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    attributesRef.current = JSON.parse(attributeKey) as Record<string, string>;
    if (!editor || editor.isDestroyed) return;
    editor.view.updateState(editor.state);
  }, [editor, attributeKey]);

  // A value set from outside (a restored save, undo, a template) replaces what is shown.
  useEffect(() => {
    if (!editor || value === shownRef.current) return;
    shownRef.current = value;
    editor
      .chain()
      .setMeta(SKIP_MAX_CHARS_META, true)
      .setContent(value, { emitUpdate: false })
      .run();
    setCharCount(countChars(editor.state.doc));
  }, [editor, value]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('questions.richText.bold'),
      italicControlLabel: t('questions.richText.italic'),
      underlineControlLabel: t('questions.richText.underline'),
      bulletListControlLabel: t('questions.richText.bulletList'),
      orderedListControlLabel: t('questions.richText.orderedList'),
      linkControlLabel: t('questions.richText.link'),
      unlinkControlLabel: t('questions.richText.unlink'),
      clearFormattingControlLabel: t('questions.richText.clearFormatting'),
      linkEditorInputLabel: t('questions.richText.linkUrl'),
      linkEditorInputPlaceholder: t('questions.richText.linkUrlPlaceholder'),
      linkEditorExternalLink: t('questions.richText.linkNewTab'),
      linkEditorInternalLink: t('questions.richText.linkSameTab'),
      linkEditorSave: t('questions.richText.linkSave'),
    }),
    [t],
  );

  return (
    <div>
      <Input.Label id={labelId} mb={4}>
        {label}
      </Input.Label>
      <RichTextEditor
        editor={editor}
        labels={labels}
        dir={dir}
        style={{ '--rich-text-min-height': `${minRows * LINE_HEIGHT_PX}px` }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content className={`${classes.content} ${richText.bidi}`} />
      </RichTextEditor>
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
      {maxChars ? (
        <CharCounter
          id={counterId}
          // Until the first change: the text the editor started with.
          count={charCount ?? (editor ? countChars(editor.state.doc) : 0)}
          max={maxChars}
        />
      ) : null}
    </div>
  );
}

/** "120 / 5,000" under a limited field; over the limit it turns red and says why. */
function CharCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t, i18n } = useTranslation();
  const isOver = count > max;
  const format = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Text
      id={id}
      fz="xs"
      mt={4}
      c={isOver ? 'red.8' : 'gray.7'}
      ta="end"
      aria-live={isOver ? 'polite' : 'off'}
      data-testid="rich-text-counter"
    >
      {isOver ? `${t('validation.TEXT_TOO_LONG_VALIDATE')} · ` : null}
      {t('questions.richText.count', { used: format(count), max: format(max) })}
    </Text>
  );
}
