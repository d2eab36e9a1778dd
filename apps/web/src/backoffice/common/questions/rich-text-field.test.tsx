import type { Editor } from '@tiptap/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { RichTextField } from './rich-text-field';

/** tiptap hangs its editor on the editable element; tests drive it as a keyboard would. */
function getEditor(name: string): Editor {
  const element = screen.getByRole('textbox', { name }) as HTMLElement & { editor?: Editor };
  if (!element.editor) throw new Error(`no editor on ${name}`);
  return element.editor;
}

function Field({
  initial = '',
  maxChars,
  onChange,
}: {
  initial?: string;
  maxChars?: number;
  onChange: (html: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField
        label="Description"
        placeholder="Tell candidates"
        value={value}
        maxChars={maxChars}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>From outside</p>')}>
        reset
      </button>
    </>
  );
}

describe('RichTextField', () => {
  it('hands out HTML as the user types and formats, and "" when emptied', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Description' });
    expect(box.querySelector('[data-placeholder="Tell candidates"]')).not.toBeNull();
    const editor = getEditor('Description');
    act(() => {
      editor.commands.insertContent('Hello ');
      editor.commands.toggleBold();
      editor.commands.insertContent('world');
    });
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello <strong>world</strong></p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('the toolbar makes a bulleted list', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="<p>First</p>" onChange={onChange} />);
    await screen.findByRole('textbox', { name: 'Description' });
    act(() => {
      getEditor('Description').commands.focus('end');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>First</p></li></ul>');
  });

  it('shows a value set from outside without echoing it back', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="<p>Start</p>" onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: 'Description' });
    expect(box).toHaveTextContent('Start');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(box).toHaveTextContent('From outside'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('truncates typed and pasted input at maxChars', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="<p>abc</p>" maxChars={10} onChange={onChange} />);
    await screen.findByRole('textbox', { name: 'Description' });
    const editor = getEditor('Description');
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent('defghijklmnop');
    });
    expect(editor.getText()).toBe('abcdefghij');
    expect(onChange).toHaveBeenLastCalledWith('<p>abcdefghij</p>');
    act(() => {
      editor.commands.insertContent('x');
    });
    expect(editor.getText()).toBe('abcdefghij');
    act(() => {
      editor.commands.deleteRange({ from: 1, to: 6 });
      // What a paste does (jsdom has no ClipboardEvent for view.pasteText).
      editor.view.dispatch(editor.state.tr.insertText('1234567890').setMeta('paste', true));
    });
    expect(editor.getText()).toBe('fghij12345');
  });

  it('lets a stored value longer than the limit stay and shrink, but not grow', async () => {
    renderWithProviders(<Field initial="<p>abcdefghijkl</p>" maxChars={10} onChange={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Description' });
    const editor = getEditor('Description');
    expect(editor.getText()).toBe('abcdefghijkl');
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent('m');
    });
    expect(editor.getText()).toBe('abcdefghijkl');
    act(() => {
      editor.commands.deleteRange({ from: 1, to: 3 });
    });
    expect(editor.getText()).toBe('cdefghijkl');
  });

  it.each([
    ['en', '3 / 10 characters', '10 / 10 characters', 'longer than its character limit'],
    ['he', '3 מתוך 10 תווים', '10 מתוך 10 תווים', 'ארוך ממגבלת התווים'],
  ] as const)(
    'counts the characters against the limit and says when a stored text is over (%s)',
    async (language, start, full, over) => {
      renderWithProviders(<Field initial="<p>abc</p>" maxChars={10} onChange={vi.fn()} />, {
        language,
      });
      const box = await screen.findByRole('textbox', { name: 'Description' });
      const counter = screen.getByTestId('rich-text-counter');
      await waitFor(() => expect(counter).toHaveTextContent(start));
      expect(box).toHaveAttribute('aria-describedby', counter.id);
      const editor = getEditor('Description');
      act(() => {
        editor.commands.focus('end');
        editor.commands.insertContent('defghijklmnop');
      });
      expect(counter).toHaveTextContent(full);
      expect(counter).not.toHaveTextContent(over);
    },
  );

  it('marks a stored text over the limit in the counter', async () => {
    renderWithProviders(<Field initial="<p>abcdefghijkl</p>" maxChars={10} onChange={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() =>
      expect(screen.getByTestId('rich-text-counter')).toHaveTextContent(
        'This text is longer than its character limit · 12 / 10 characters',
      ),
    );
  });

  it('shows no counter without a limit', async () => {
    renderWithProviders(<Field onChange={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.queryByTestId('rich-text-counter')).toBeNull();
  });

  it('writes right to left in Hebrew', async () => {
    renderWithProviders(<Field onChange={vi.fn()} />, { language: 'he' });
    expect(await screen.findByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'dir',
      'rtl',
    );
  });
});
