import { SINGLE_FILE_UPLOAD_TIMEOUT_MS } from '@candid/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { pngFile, stallingApi, waitPastTimeout } from '../../../common/test/upload-test-helpers';
import { ImageUploadField } from './image-upload-field';

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageUploadField upload', () => {
  it('a logo upload that stalls says so and retries the same file', async () => {
    vi.useFakeTimers();
    const { api, post } = stallingApi({ url: 'https://cdn/logo.png', key: 'logo' });
    const onChange = vi.fn();
    const { container } = renderWithProviders(
      <ImageUploadField kind="logo" label="Logo" url="" placeholder="L" onChange={onChange} />,
      { api },
    );
    const file = pngFile();
    fireEvent.change(container.querySelector('input[type="file"]')!, {
      target: { files: [file] },
    });
    await waitPastTimeout(0);
    expect(post).toHaveBeenCalledTimes(1);
    await waitPastTimeout(SINGLE_FILE_UPLOAD_TIMEOUT_MS);
    expect(screen.getByTestId('logo-upload-error')).toHaveTextContent(
      'The upload did not finish within 60 seconds',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitPastTimeout(0);
    expect(post.mock.calls[1]?.[1]).toBe(file);
    expect(onChange).toHaveBeenCalledWith('https://cdn/logo.png');
    expect(screen.queryByTestId('logo-upload-error')).toBeNull();
  });
});
