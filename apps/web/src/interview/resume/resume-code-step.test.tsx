import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createResponseError } from '../../common/api/api-error';
import { renderWithProviders } from '../../common/test/render-with-providers';
import { ResumeCodeStep } from './resume-code-step';

const MISMATCH = createResponseError(400, {
  status: 400,
  key: 'CONFIRMATION_CODE_MISMATCH_ERR',
  message: "Confirmation code doesn't match our records",
});

describe('ResumeCodeStep', () => {
  it.each([
    ['en', 'Code from the e-mail', 'Continue', "Confirmation code doesn't match our records"],
    ['he', 'הקוד מהדוא"ל', 'המשך', 'קוד האישור אינו תואם לרישומים שלנו'],
  ] as const)(
    'shows a code that does not match under the code field (%s)',
    async (language, label, submitName, message) => {
      const user = userEvent.setup();
      const onSubmitCode = vi.fn().mockRejectedValue(MISMATCH);
      renderWithProviders(
        <ResumeCodeStep
          email="dana@example.com"
          onSubmitCode={onSubmitCode}
          onResend={vi.fn()}
          onOtherEmail={vi.fn()}
        />,
        { language },
      );
      const boxes = within(screen.getByRole('group', { name: label })).getAllByRole('textbox');
      await user.click(boxes[0]!);
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: submitName }));
      expect(onSubmitCode).toHaveBeenCalledWith('123456');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(boxes[0]).toHaveAttribute('aria-describedby', alert.id);
    },
  );
});
