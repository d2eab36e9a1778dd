import { PRIMARY_COLOR } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './layout';

describe('renderEmail', () => {
  it("draws its button and links in the app's one accent colour", () => {
    const mail = renderEmail(
      'he',
      {
        subject: 'נושא',
        greeting: 'שלום',
        intro: 'פתיחה',
        linkLabel: 'לכניסה',
        outro: [{ text: 'אפשר גם', link: { label: 'כאן', url: 'https://example.com/a' } }],
      },
      { link: 'https://example.com/b' },
    );
    expect(mail.html).toContain(`background:${PRIMARY_COLOR};color:#ffffff`);
    expect(mail.html).toContain(`style="color:${PRIMARY_COLOR}">כאן</a>`);
    // No colour of its own beside the accent: white, the page's grey and the text's.
    const colours = new Set(mail.html.toLowerCase().match(/#[0-9a-f]{6}\b/g));
    expect([...colours].sort()).toEqual(
      [PRIMARY_COLOR.toLowerCase(), '#222222', '#f5f5f5', '#ffffff'].sort(),
    );
  });

  it("draws the button and links in the company's accent colour when it has one", () => {
    const render = (accentColor: string | null) =>
      renderEmail(
        'en',
        {
          subject: 'Subject',
          greeting: 'Hi',
          intro: 'Intro',
          linkLabel: 'Start',
          outro: [{ text: 'Or', link: { label: 'here', url: 'https://example.com/a' } }],
        },
        { link: 'https://example.com/b', accentColor },
      );
    const branded = render('#0F766E');
    expect(branded.html).toContain('background:#0f766e;color:#ffffff');
    expect(branded.html).toContain('style="color:#0f766e">here</a>');
    expect(branded.html).not.toContain(PRIMARY_COLOR);
    // No accent, or one that white does not read on: the app's own.
    for (const fallback of [null, '#ffcc00', 'red;background:url(x)']) {
      expect(render(fallback).html).toContain(`background:${PRIMARY_COLOR};color:#ffffff`);
    }
  });
});
