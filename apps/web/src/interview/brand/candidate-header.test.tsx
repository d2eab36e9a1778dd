import type { OrgBrand } from '@candid/domain';
import { Button, useMantineTheme } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../common/test/render-with-providers';
import { CandidateBrand } from './candidate-brand';
import { CandidateHeader } from './candidate-header';

/** What the theme around it names as the primary colour. */
function PrimaryName() {
  return <span data-testid="primary">{useMantineTheme().primaryColor}</span>;
}

const LOGO =
  '/api/files/org/0b6f1c5e-2d3a-4f4b-9c1d-7e8f9a0b1c2d/images/' + 'a1'.repeat(16) + '.png';
const brand = (extra: Partial<OrgBrand>): OrgBrand => ({
  logoUrl: '',
  accentColor: null,
  showVendorMark: true,
  ...extra,
});

describe('CandidateHeader', () => {
  it('leads with the company logo and shows nothing of Candid when the mark is hidden', () => {
    renderWithProviders(
      <CandidateHeader
        brand={brand({ logoUrl: LOGO, showVendorMark: false })}
        companyName="Acme"
      />,
    );
    const logo = screen.getByRole('img', { name: 'Acme' });
    expect(logo).toHaveAttribute('src', LOGO);
    expect(screen.queryByTestId('vendor-mark')).toBeNull();
    expect(screen.getByRole('banner')).not.toHaveTextContent('Candid');
  });

  it('says "Powered by Candid" beside the logo while the mark shows, in Hebrew too', () => {
    renderWithProviders(<CandidateHeader brand={brand({ logoUrl: LOGO })} companyName="Acme" />, {
      language: 'he',
    });
    expect(screen.getByRole('img', { name: 'Acme' })).toBeVisible();
    expect(screen.getByTestId('vendor-mark')).toHaveTextContent('מופעל על ידי');
  });

  it("writes the company's name when it has no logo and hides the mark", () => {
    renderWithProviders(
      <CandidateHeader brand={brand({ showVendorMark: false })} companyName="Acme" />,
    );
    expect(screen.getByTestId('company-brand-name')).toHaveTextContent('Acme');
    expect(screen.queryByTestId('vendor-mark')).toBeNull();
  });

  it("shows Candid's own header with no brand, and nothing while the brand is loading", () => {
    const view = renderWithProviders(<CandidateHeader brand={null} />);
    expect(screen.getByTestId('vendor-mark')).toHaveTextContent('Candid');
    view.unmount();
    renderWithProviders(<CandidateHeader brand={undefined} companyName="Acme" />);
    expect(screen.queryByTestId('vendor-mark')).toBeNull();
    expect(screen.queryByTestId('company-brand-name')).toBeNull();
  });
});

describe('CandidateBrand', () => {
  it('makes the accent the primary colour inside and puts its variables on the page while it is open', () => {
    const view = renderWithProviders(
      <CandidateBrand accentColor="#0F766E">
        <Button>Start</Button>
        <PrimaryName />
      </CandidateBrand>,
    );
    const style = document.querySelector('style[data-candid-brand]');
    expect(style?.textContent).toContain('--mantine-color-brand-filled: #0f766e');
    expect(style?.textContent).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-brand-filled)',
    );
    // Components that name the theme's primary colour (avatars, rings) take the accent's palette.
    expect(screen.getByTestId('primary')).toHaveTextContent('brand');
    view.unmount();
    // Gone with the page: the back office keeps Candid's look.
    expect(document.querySelector('style[data-candid-brand]')).toBeNull();
  });

  it("keeps Candid's look without an accent, or with one white does not read on", () => {
    for (const accent of [null, '#ffcc00']) {
      const view = renderWithProviders(
        <CandidateBrand accentColor={accent}>
          <PrimaryName />
        </CandidateBrand>,
      );
      expect(document.querySelector('style[data-candid-brand]')).toBeNull();
      expect(screen.getByTestId('primary')).toHaveTextContent('indigo');
      view.unmount();
    }
  });
});
