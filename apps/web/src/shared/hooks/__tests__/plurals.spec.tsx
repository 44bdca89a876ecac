import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { LanguageProvider, LANGUAGE_STORAGE_KEY } from '../../../features/language';
import { useRelativeTimeText } from '../use-relative-time';

const NOW = Date.parse('2024-06-01T12:00:00.000Z');
const MINUTE = 60_000;

/** A relative time and a counted text, as any page shows them. */
function Counted({ minutesAgo, seconds }: { minutesAgo: number; seconds: number }) {
  const { t } = useTranslation();
  const timeText = useRelativeTimeText();
  return (
    <>
      <p data-testid="ago">{timeText(new Date(NOW - minutesAgo * MINUTE).toISOString(), NOW)}</p>
      <p data-testid="seconds">{t('aiConfig.behavior.delayValue', { count: seconds })}</p>
    </>
  );
}

function shown(language: string, minutesAgo: number, seconds: number) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const { unmount } = render(
    <LanguageProvider>
      <Counted minutesAgo={minutesAgo} seconds={seconds} />
    </LanguageProvider>,
  );
  const texts = [screen.getByTestId('ago').textContent, screen.getByTestId('seconds').textContent];
  unmount();
  return texts;
}

describe('counts in words, by the plural rules of each language', () => {
  it.each([
    [['1 minute ago', '1 second'], 1, 1],
    [['5 minutes ago', '30 seconds'], 5, 30],
    [['1 hour ago', '0 seconds'], 60, 0],
    [['3 hours ago', '1,500 seconds'], 3 * 60, 1500],
    [['1 day ago', '2 seconds'], 24 * 60, 2],
  ])('English: %j', (expected, minutesAgo, seconds) => {
    expect(shown('en', minutesAgo, seconds)).toEqual(expected);
  });

  it.each([
    [['hace 1 minuto', '1 segundo'], 1, 1],
    [['hace 5 minutos', '30 segundos'], 5, 30],
    [['hace 2 días', '1.000.000 segundos'], 2 * 24 * 60, 1_000_000],
  ])('Spanish: %j', (expected, minutesAgo, seconds) => {
    expect(shown('es', minutesAgo, seconds)).toEqual(expected);
  });

  // Arabic has six forms: zero, one, two, few (3–10), many (11–99) and other (100, 1 000…).
  it.each([
    [['قبل دقيقة واحدة', '0 ثانية'], 1, 0],
    [['قبل دقيقتين', 'ثانية واحدة'], 2, 1],
    [['قبل 3 دقائق', 'ثانيتان'], 3, 2],
    [['قبل 11 دقيقة', '3 ثوانٍ'], 11, 3],
    [['قبل ساعتين', '15 ثانية'], 2 * 60, 15],
    [['قبل 5 أيام', '100 ثانية'], 5 * 24 * 60, 100],
  ])('Arabic: %j', (expected, minutesAgo, seconds) => {
    expect(shown('ar', minutesAgo, seconds)).toEqual(expected);
  });

  it('says Just now under a minute, in each language', () => {
    expect([shown('en', 0, 0)[0], shown('es', 0, 0)[0], shown('ar', 0, 0)[0]]).toEqual([
      'Just now',
      'Justo ahora',
      'الآن',
    ]);
  });
});
