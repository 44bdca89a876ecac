import {
  AUTH_MESSAGES,
  messagingWindow,
  otherCurrencyMessage,
  PASSWORD_RULES,
  type Platform,
  SendMessageDto,
  SendTemplateDto,
  TEMPLATE_PARAMETER_MAX,
  validateDto,
  windowRefusal,
} from '@parley/contracts';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LanguageProvider } from '../../features/language/LanguageProvider';
import { LANGUAGE_STORAGE_KEY } from '../../features/language/languages';
import en from '../../locales/en/translation.json';
import { useFailureText, useServerText } from '../server-text';

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;

function inLanguage(language: string) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return renderHook(() => ({ serverText: useServerText(), failureText: useFailureText() }), { wrapper })
    .result.current;
}

describe('server sentences', () => {
  it('cover every shared account message and password rule of @parley/contracts, word for word', () => {
    const known = Object.values(en.serverMessages);
    expect(Object.values(AUTH_MESSAGES).filter((message) => !known.includes(message))).toEqual([]);
    expect(PASSWORD_RULES.map((rule) => rule.message).filter((message) => !known.includes(message))).toEqual(
      [],
    );
  });

  it("cover every refusal of Meta's messaging window, word for word", () => {
    const known = Object.values(en.serverMessages);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const refusals = (['facebook', 'instagram', 'whatsapp'] as Platform[]).flatMap((platform) =>
      [2, 8].map((days) => windowRefusal(platform, messagingWindow(platform, daysAgo(days)))),
    );
    expect(refusals.filter((message) => !known.includes(message))).toEqual([]);
  });

  it('cover the Send Message validation sentence of @parley/contracts', () => {
    expect(validateDto(SendMessageDto, { platform: 'facebook', recipientId: '2411' })).toMatchObject({
      ok: false,
      message: en.serverMessages.sendIncomplete,
    });
  });

  it("cover the refusals of a WhatsApp template's values of @parley/contracts", () => {
    const known = Object.values(en.serverMessages);
    const refusals = ['   ', 'Order\t1042', 'A     1042', 'x'.repeat(TEMPLATE_PARAMETER_MAX + 1)].map(
      (value) => {
        const result = validateDto(SendTemplateDto, {
          name: 'order_update',
          language: 'en_US',
          parameters: [value],
        });
        return result.ok ? `accepted: ${value}` : result.message;
      },
    );
    expect(refusals.filter((message) => !known.includes(message))).toEqual([]);
  });

  it("are shown in the reader's language; an unknown one as the server wrote it", () => {
    const { serverText } = inLanguage('es');

    expect(serverText('No character can repeat more than twice')).toBe(
      'Ningún carácter puede repetirse más de dos veces',
    );
    expect(serverText('Something new from the server')).toBe('Something new from the server');
  });

  it('of a failed call: the translated server message, else the failure text, else the network text', () => {
    const { failureText } = inLanguage('ar');
    const texts = { failed: 'failed', network: 'network' };

    expect(
      failureText(
        { status: 429, data: { message: 'Too many attempts. Please wait a moment and try again.' } },
        texts,
      ),
    ).toBe('محاولات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.');
    expect(failureText({ status: 500, data: '' }, texts)).toBe('failed');
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, texts)).toBe(
      'network',
    );
    expect(failureText({ status: 'TIMEOUT_ERROR', error: 'AbortError' }, texts)).toBe('network');
  });
  it('with values in them (a price in another currency) are translated with their values', () => {
    const refusal = otherCurrencyMessage('US$24', 'GBP') ?? '';
    expect(inLanguage('en').serverText(refusal)).toBe(refusal);
    expect(inLanguage('es').serverText(refusal)).toBe('El precio está en USD, no en GBP, la moneda del negocio');
    expect(inLanguage('ar').serverText(`${refusal}: the row was not imported`)).toBe(
      'السعر بعملة USD وليس GBP، عملة النشاط التجاري: لم يتم استيراد الصف',
    );
    expect(inLanguage('es').serverText('Price is in USD, not GBP')).toBe('Price is in USD, not GBP');
  });
});
