import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { CodeAnswer } from './answer-inputs';

function ControlledCode({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <CodeAnswer value={value} onChange={setValue} />;
}

describe('CodeAnswer', () => {
  it('indents with Tab and leaves the caret after the indent before the next key', () => {
    renderWithProviders(<ControlledCode initial={'ab\ncd'} />);
    const input = screen.getByLabelText('Your code') as HTMLTextAreaElement;
    input.focus();
    input.setSelectionRange(3, 3);

    fireEvent.keyDown(input, { key: 'Tab' });

    expect(input.value).toBe('ab\n  cd');
    // No frame has passed: a key typed now must land after the indent, not at the end.
    expect(input.selectionStart).toBe(5);
    expect(input.selectionEnd).toBe(5);
  });

  it('replaces a selection with the indent', () => {
    renderWithProviders(<ControlledCode initial={'ab\nxxcd'} />);
    const input = screen.getByLabelText('Your code') as HTMLTextAreaElement;
    input.focus();
    input.setSelectionRange(3, 5);

    fireEvent.keyDown(input, { key: 'Tab' });

    expect(input.value).toBe('ab\n  cd');
    expect(input.selectionStart).toBe(5);
  });

  it('leaves Shift+Tab to the browser', () => {
    renderWithProviders(<ControlledCode initial="ab" />);
    const input = screen.getByLabelText('Your code') as HTMLTextAreaElement;
    const allowed = fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(allowed).toBe(true);
    expect(input.value).toBe('ab');
  });
});
