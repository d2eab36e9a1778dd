import { SINGLE_FILE_UPLOAD_TIMEOUT_MS } from '@candid/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { pngFile, stallingApi, waitPastTimeout } from '../../../common/test/upload-test-helpers';
import { ImageAnswer } from './answer-inputs';

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageAnswer upload', () => {
  it.each([
    ['en', 'The upload did not finish within 60 seconds', 'Try again'],
    ['he', 'ההעלאה לא הסתיימה תוך 60 שניות', 'ניסיון נוסף'],
  ] as const)(
    'an image answer that stalls says so and sends the same file again on retry (%s)',
    async (language, message, retry) => {
      vi.useFakeTimers();
      const { api, post, signals } = stallingApi({ url: 'https://cdn/x.png', key: 'k1' });
      const onUploaded = vi.fn();
      const { container } = renderWithProviders(
        <ImageAnswer applicantId="a1" questId="q1" onUploaded={onUploaded} />,
        { api, language },
      );
      const file = pngFile();
      fireEvent.change(container.querySelector('input[type="file"]')!, {
        target: { files: [file] },
      });
      await waitPastTimeout(SINGLE_FILE_UPLOAD_TIMEOUT_MS);
      expect(screen.getByTestId('image-answer-error')).toHaveTextContent(message);
      expect(signals[0]?.aborted).toBe(true);
      expect(onUploaded).toHaveBeenLastCalledWith(null);

      fireEvent.click(screen.getByRole('button', { name: retry }));
      await waitPastTimeout(0);
      expect(post).toHaveBeenCalledTimes(2);
      expect(post.mock.calls[1]?.[1]).toBe(file);
      expect(onUploaded).toHaveBeenLastCalledWith('k1');
      expect(screen.queryByTestId('image-answer-error')).toBeNull();
    },
  );
});
