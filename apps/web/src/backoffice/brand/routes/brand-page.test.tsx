import type { OrgBrand, User } from '@candid/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import BrandPage from './brand-page';

const OWNER = { ...TEST_USER, orgRole: 'owner' as const, companyName: 'Acme' };
const MEMBER = { ...TEST_USER, orgRole: 'recruiter' as const, companyName: 'Acme' };
const PATH = '/backoffice/brand';

function renderBrand(
  user: User = OWNER,
  saved: OrgBrand = { logoUrl: '', accentColor: null, showVendorMark: true },
) {
  let stored = saved;
  return renderScreen(<BrandPage />, {
    path: PATH,
    user,
    routes: {
      'GET org/brand': () => ({ body: stored }),
      'PUT org/brand': (call) => {
        stored = call.body as OrgBrand;
        return { body: stored };
      },
    },
  });
}

describe('BrandPage', () => {
  it('shows the contrast live, refuses a light colour before saving, and saves a readable one', async () => {
    const view = renderBrand();
    const accent = await screen.findByRole('textbox', { name: 'Accent color' });
    const save = screen.getByRole('button', { name: 'Save brand' });
    expect(save).toBeDisabled();
    expect(screen.getByText("Empty: candidates see Candid's own color.")).toBeVisible();

    await userEvent.type(accent, '#ffcc00');
    expect(await screen.findByTestId('brand-contrast')).toHaveTextContent(
      'Contrast with white: 1.51:1 (at least 4.5:1 needed)',
    );
    expect(screen.getByTestId('brand-contrast')).toHaveTextContent('Too light');
    expect(screen.getByText(/This color is too light/)).toBeVisible();
    expect(save).toBeDisabled();

    await userEvent.clear(accent);
    await userEvent.type(accent, '#0f766e');
    expect(await screen.findByTestId('brand-contrast')).toHaveTextContent('Readable');
    expect(screen.getByTestId('brand-preview-button')).toHaveStyle({ background: '#0f766e' });
    await userEvent.click(screen.getByRole('switch', { hidden: true }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.fetchMock.callsTo('PUT org/brand').map((call) => call.body)).toEqual([
        { logoUrl: '', accentColor: '#0f766e', showVendorMark: false },
      ]),
    );
    expect(await screen.findByText(/The brand is saved/)).toBeVisible();
  });

  it('shows a member what candidates see and that the owner decides, with no form', async () => {
    renderBrand(MEMBER, { logoUrl: '', accentColor: '#1d4ed8', showVendorMark: false });
    expect(await screen.findByTestId('owner-only')).toHaveTextContent(
      "Only the organization's owner changes the brand.",
    );
    expect(screen.getByTestId('brand-preview')).toHaveTextContent('Acme');
    expect(screen.queryByRole('button', { name: 'Save brand' })).toBeNull();
  });
});
