import { Extension } from '@tiptap/react';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** A transaction with this meta set (a value put in from outside) is never truncated. */
export const SKIP_MAX_CHARS_META = 'maxChars:skip';

/** The characters of a document as the user sees them: its text, blocks not counted. */
export function countChars(doc: ProseMirrorNode): number {
  return doc.textBetween(0, doc.content.size, undefined, ' ').length;
}

/**
 * Removes `count` characters of text just before `head` (what was typed or pasted last),
 * across text nodes, so the document ends up within the limit. Returns how many it could not
 * remove (no text left before the cursor).
 */
function trimBeforeHead(tr: Transaction, head: number, count: number): number {
  const ranges: { from: number; to: number }[] = [];
  tr.doc.nodesBetween(0, head, (node, pos) => {
    if (node.isText) ranges.push({ from: pos, to: Math.min(pos + node.nodeSize, head) });
  });
  let left = count;
  // From the last range back, so the positions of the earlier ones stay valid.
  for (let i = ranges.length - 1; i >= 0 && left > 0; i -= 1) {
    const range = ranges[i]!;
    const take = Math.min(left, range.to - range.from);
    if (take > 0) tr.delete(range.to - take, range.to);
    left -= take;
  }
  return left;
}

/**
 * Text editor: optional character limit that truncates input: typing past the limit
 * does nothing and pasted text is cut to what still fits. A document already over the limit
 * (a stored value) may shrink but not grow. Values set from outside pass untouched.
 */
export const MaxChars = Extension.create<{ limit: number | null }>({
  name: 'maxChars',
  addOptions() {
    return { limit: null };
  },
  addProseMirrorPlugins() {
    const { limit } = this.options;
    return [
      new Plugin({
        key: new PluginKey('maxChars'),
        filterTransaction: (tr, state) => {
          if (!limit || !tr.docChanged || tr.getMeta(SKIP_MAX_CHARS_META)) return true;
          const newSize = countChars(tr.doc);
          if (newSize <= limit) return true;
          const oldSize = countChars(state.doc);
          if (newSize <= oldSize) return true;
          if (oldSize >= limit) return false;
          // Mutating the transaction here is what tiptap's own CharacterCount does on paste.
          const left = trimBeforeHead(tr, tr.selection.$head.pos, newSize - limit);
          return left === 0 && countChars(tr.doc) <= limit;
        },
      }),
    ];
  },
});

/**
 * Shows `placeholder` in an empty editor (the first, empty paragraph gets `data-placeholder`,
 * drawn by rich-text-field.module.css).
 */
export const EmptyPlaceholder = Extension.create<{ placeholder: string }>({
  name: 'emptyPlaceholder',
  addOptions() {
    return { placeholder: '' };
  },
  addProseMirrorPlugins() {
    const { placeholder } = this.options;
    return [
      new Plugin({
        key: new PluginKey('emptyPlaceholder'),
        props: {
          decorations: ({ doc }) => {
            const first = doc.firstChild;
            const isEmpty =
              placeholder && doc.childCount === 1 && first?.isTextblock && first.content.size === 0;
            if (!isEmpty) return null;
            return DecorationSet.create(doc, [
              Decoration.node(0, first.nodeSize, {
                class: 'is-editor-empty',
                'data-placeholder': placeholder,
              }),
            ]);
          },
        },
      }),
    ];
  },
});
