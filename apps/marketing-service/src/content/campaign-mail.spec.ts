import { campaignMail, type MailContext, threadText } from './campaign-mail';
import { requireTemplates } from './personalise';

const CONTEXT: MailContext = {
  recipient: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' },
  sender: { companyName: 'Olive & Thread', address: 'Rua Augusta 1\n1100-048 Lisboa', language: 'en' },
  unsubscribeUrl: 'https://parley.example.com/api/email/unsubscribe/abc.def',
  messageId: '<d1@parley.example.com>',
};

const mail = (html: string, context: Partial<MailContext> = {}, text: string | null = null, subject = 'Hi') =>
  campaignMail({ subject, html, text }, { ...CONTEXT, ...context });

describe('campaignMail', () => {
  it('drops scripts, event handlers and javascript: links, keeping the rest', async () => {
    const { html } = await mail(
      '<p onclick="steal()" onmouseover="x()">Hello</p><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(1)">bad too</a>' +
        '<iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)">' +
        '<a href="https://shop.example/sale">Shop</a>',
    );
    expect(html).not.toMatch(/script|onclick|onmouseover|onerror|javascript:|iframe/i);
    expect(html).toContain('<p>Hello</p>');
    expect(html).toContain('<a href="https://shop.example/sale">Shop</a>');
  });

  it('puts the recipient in with every value escaped, and fallbacks for the missing ones', async () => {
    const template =
      '<p>Hi {{ firstName | default: "there" }} {{lastName}}, {{email}} at {{companyName}}</p>';
    const named = await mail(template, {
      recipient: { email: 'x@example.com', firstName: '<img src=x onerror=alert(1)>', lastName: '"Lee"' },
    });
    expect(named.html).toContain(
      '<p>Hi &lt;img src=x onerror=alert(1)&gt; "Lee", x@example.com at Olive &amp; Thread</p>',
    );
    const unnamed = await mail(template, { recipient: { email: 'y@example.com', firstName: null, lastName: null } });
    expect(unnamed.html).toContain('<p>Hi there , y@example.com at Olive &amp; Thread</p>');
    const subject = await mail('<p>x</p>', {}, null, 'News for {{ firstName | default: "you" }}\n!');
    expect(subject.subject).toBe('News for Ann !');
  });

  it('inlines the CSS of <style> blocks for mail clients', async () => {
    const { html } = await mail('<style>.big { font-size: 20px }</style><p class="big">Sale</p>');
    expect(html).toMatch(/<p class="big" style="font-size: ?20px;?">Sale<\/p>/);
    expect(html).not.toContain('<style');
  });

  it('ends with the business name, postal address and unsubscribe link, and carries RFC 8058 headers', async () => {
    const sent = await mail('<html><body><p>Sale</p></body></html>');
    expect(sent.html).toMatch(/Olive &#38; Thread<br>Rua Augusta 1<br>1100-048 Lisboa/);
    expect(sent.html).toContain('href="https://parley.example.com/api/email/unsubscribe/abc.def"');
    expect(String(sent.html).indexOf('Unsubscribe')).toBeLessThan(String(sent.html).indexOf('</body>'));
    expect(sent.headers).toEqual({
      'List-Unsubscribe': '<https://parley.example.com/api/email/unsubscribe/abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent.messageId).toBe('<d1@parley.example.com>');
  });

  it('writes the text part from the HTML when the owner wrote none, and adds the footer to the owner’s', async () => {
    const made = await mail('<h1>Spring sale</h1><p>Everything <b>20%</b> off.</p>');
    expect(made.text).toMatch(/SPRING SALE\n\nEverything 20% off\./);
    expect(made.text).toMatch(/Rua Augusta 1\n1100-048 Lisboa/);
    expect(made.text).toContain('https://parley.example.com/api/email/unsubscribe/abc.def');
    const written = await mail('<p>x</p>', {}, 'Hello {{firstName}} <3');
    expect(written.text).toBe(
      'Hello Ann <3\n\n--\nOlive & Thread\nRua Augusta 1\n1100-048 Lisboa\n' +
        'Unsubscribe: https://parley.example.com/api/email/unsubscribe/abc.def',
    );
  });

  it('never reads files and refuses a template that would not render, naming the field', async () => {
    await expect(mail('{% include "/etc/passwd" %}')).rejects.toThrow();
    expect(() => requireTemplates({ htmlContent: '<p>{% if x %}open</p>' })).toThrow(
      expect.objectContaining({ details: { field: 'htmlContent' } }),
    );
    expect(() => requireTemplates({ subject: '{{ name | nosuchfilter }}' })).toThrow(/Subject has a template error/);
    expect(() => requireTemplates({ subject: 'Hi {{ firstName | default: "there" }}', textContent: null })).not.toThrow();
  });

  it('with tracking, makes each http(s) link a redirect and adds the open pixel, leaving the rest', async () => {
    const tracking = {
      openUrl: 'https://parley.example.com/api/email/open/d1.mac',
      clickUrl: (url: string) => `https://parley.example.com/api/email/click/d1.mac?url=${encodeURIComponent(url)}`,
    };
    const { html, text } = await mail(
      '<a href=" https://shop.example/sale?a=1&amp;b=2 ">Shop</a><a href="mailto:hi@shop.example">Write</a>' +
        '<a href="javascript:alert(1)">bad</a>',
      { tracking },
    );
    expect(html).toContain(
      `<a href="https://parley.example.com/api/email/click/d1.mac?url=${encodeURIComponent('https://shop.example/sale?a=1&b=2').replace(/&/g, '&amp;')}">Shop</a>`,
    );
    expect(html).toContain('<a href="mailto:hi@shop.example">Write</a>');
    expect(html).toContain('<a>bad</a>');
    expect(html).not.toMatch(/javascript:/);
    // The unsubscribe link is ours, not the owner's: it is not a redirect.
    expect(html).toContain('href="https://parley.example.com/api/email/unsubscribe/abc.def"');
    expect(html).toMatch(/<img src="https:\/\/parley\.example\.com\/api\/email\/open\/d1\.mac" width="1" height="1"/);
    expect(text).toContain('https://parley.example.com/api/email/click/d1.mac?url=');
  });

  it.each([
    ['en', 'ltr', 'Unsubscribe'],
    ['ar', 'rtl', 'إلغاء الاشتراك'],
    ['es', 'ltr', 'Cancelar la suscripción'],
  ] as const)('writes the footer in the business language (%s), right to left in Arabic', async (language, dir, words) => {
    const sender = { ...CONTEXT.sender, language };
    const { html, text } = await mail('<p>Hola</p>', { sender });
    expect(html).toContain(`<div lang="${language}" dir="${dir}"`);
    expect(html).toContain(`style="color:#6b7280">${words}</a>`);
    expect(text).toContain(words);
    const written = await mail('<p>x</p>', { sender }, 'Hola {{firstName}}');
    expect(written.text).toContain(`\n${words}: https://parley.example.com/api/email/unsubscribe/abc.def`);
  });

  it('keeps, for the thread, the mail as the recipient read it, without tracking or footer', async () => {
    const text = await threadText(
      { subject: 'Sale', html: '<h1>Hi {{firstName}}</h1><p><a href="https://shop.example/sale">Shop</a></p>', text: null },
      CONTEXT,
    );
    // Headings as written: the copy sits among chat messages.
    expect(text).toBe('Hi Ann\n\nShop [https://shop.example/sale]');
    expect(await threadText({ subject: 'Sale', html: '<p>x</p>', text: 'Hello {{firstName}}' }, CONTEXT)).toBe('Hello Ann');
    const long = await threadText({ subject: 'Sale', html: '<p>x</p>', text: 'a'.repeat(5000) }, CONTEXT);
    expect(long).toHaveLength(4096);
    expect(long.endsWith('…')).toBe(true);
  });
});
