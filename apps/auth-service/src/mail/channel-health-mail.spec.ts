import { LANGUAGES } from '@parley/contracts';
import { renderChannelHealthMail } from './channel-health-mail';

const LINK = 'https://p.example/social-integrations';

describe('renderChannelHealthMail', () => {
  it.each(LANGUAGES)('names the platform, each problem and the link in %s', (language) => {
    const mail = renderChannelHealthMail(
      'whatsapp',
      ['token_refused', 'send_failures'],
      undefined,
      language,
      LINK,
    );
    expect(mail.subject).toMatch(/^Parley: /);
    expect(mail.subject).toContain(language === 'ar' ? 'واتساب' : 'WhatsApp');
    expect(mail.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
  });

  it("quotes the platform's words, escaped in the HTML part", () => {
    const mail = renderChannelHealthMail(
      'facebook',
      ['subscription_missing'],
      '(#200) <b>Permissions</b> error',
      'en',
      LINK,
    );
    expect(mail.subject).toBe('Parley: Facebook needs your attention');
    expect(mail.text).toContain('no longer sends your customers’ messages');
    expect(mail.text).toContain('What the platform said: “(#200) <b>Permissions</b> error”');
    expect(mail.html).not.toContain('<b>Permissions</b>');
    expect(mail.html).toContain('&#60;b&#62;Permissions');
  });
});
