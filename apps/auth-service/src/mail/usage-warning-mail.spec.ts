import { LANGUAGES, USAGE_WARNING_MESSAGES } from '@parley/contracts';
import { renderUsageWarningMail } from './usage-warning-mail';

describe('renderUsageWarningMail', () => {
  it.each(LANGUAGES.flatMap((language) => ([1, 2, 3] as const).map((level) => [language, level] as const)))(
    'has a subject, the warning and the link in %s at level %d',
    (language, level) => {
      const mail = renderUsageWarningMail(
        level,
        { used: 45, limit: 50 },
        language,
        'https://p.example/billing',
      );
      expect(mail.subject).toMatch(/^Parley: /);
      expect(mail.text).toContain('https://p.example/billing');
      expect(mail.html).toContain('href="https://p.example/billing"');
      expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    },
  );

  it("says the popup's warning in English, and what customers get only at the limit", () => {
    const near = renderUsageWarningMail(2, { used: 45, limit: 50 }, 'en', 'https://p.example/billing');
    expect(near.text).toContain(USAGE_WARNING_MESSAGES[2]);
    expect(near.text).not.toContain('away message');
    const at = renderUsageWarningMail(3, { used: 50, limit: 50 }, 'en', 'https://p.example/billing');
    expect(at.text).toContain('away message');
  });

  it('escapes the link in the HTML part', () => {
    const mail = renderUsageWarningMail(
      1,
      { used: 40, limit: 50 },
      'en',
      'https://p.example/billing?a=1&b="2"',
    );
    expect(mail.html).toContain('href="https://p.example/billing?a=1&#38;b=&#34;2&#34;"');
  });
});
