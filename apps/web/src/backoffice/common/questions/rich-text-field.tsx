// The editor's styles load with the screens that edit rich text, not with the app shell.
import '@mantine/tiptap/styles.css';
import { getDirection, isLanguage } from '@candid/domain';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPlaceholder, MaxChars, SKIP_MAX_CHARS_META } from './rich-text-extensions';
import richText from '../../../common/ui/rich-text.module.css';
import classes from './rich-text-field.module.css';

const LINE_HEIGHT_PX = 24;

/**
 * A rich-text field (job and question descriptions, spec §2) on Mantine's tiptap editor:
 * bold, italic, underline, bulleted and numbered lists, links and clear formatting. The value
 * is HTML of the tags the server's sanitiser keeps (paragraphs, emphasis, lists, links);
 * an empty editor gives ''. `maxChars` is spec §5's optional limit that truncates input.
 */
export function RichTextField({
  label,
  value,
  onChange,
  placeholder = '',
  minRows = 3,
  maxChars,
}: {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minRows?: number;
  /** Characters of text (not markup) the field accepts; more is cut off. */
  maxChars?: number;
}) {
  const { t, i18n } = useTranslation();
  // The language's direction, so Hebrew text starts at the right from the first keystroke.
  const dir = getDirection(isLanguage(i18n.language) ? i18n.language : 'en');
  const labelId = useId();
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
        attributes: {
          dir,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
        },
      },
      onUpdate: ({ editor: current }) => {
        const html = current.isEmpty ? '' : current.getHTML();
        shownRef.current = html;
        onChangeRef.current(html);
      },
    },
    [dir, maxChars, placeholder, labelId],
  );

  // A value set from outside (a restored save, undo, a template) replaces what is shown.
  useEffect(() => {
    if (!editor || value === shownRef.current) return;
    shownRef.current = value;
    editor
      .chain()
      .setMeta(SKIP_MAX_CHARS_META, true)
      .setContent(value, { emitUpdate: false })
      .run();
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
    </div>
  );
}
