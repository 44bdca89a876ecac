import { CURRENCIES, formatMoney, isCurrency, otherCurrencyMessage, priceCurrencies } from './currencies';

describe('currencies', () => {
  it('lists ISO 4217 codes once each, USD first', () => {
    expect(CURRENCIES[0]).toBe('USD');
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
    expect(CURRENCIES.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect(isCurrency('GBP')).toBe(true);
    expect(isCurrency('gbp')).toBe(false);
  });

  it.each([
    [24, 'GBP', 'en', '£24.00'],
    [1299.5, 'USD', 'en', '$1,299.50'],
    [12.5, 'EUR', 'es', '12,50 €'],
    [45, 'SAR', 'ar', '\u200f45.00 ر.س.\u200f'],
    [3.5, 'KWD', 'en', 'KWD 3.500'],
    [349, 'MXN', 'es', '349,00 MXN'],
  ])('formats %d %s in %s as %j', (amount, currency, language, text) => {
    expect(formatMoney(amount, currency, language).replace(/\u00a0/g, ' ')).toBe(text);
  });

  it('writes a code Intl does not know beside the amount instead of throwing', () => {
    expect(formatMoney(2, 'not a code', 'en')).toBe('2.00 not a code');
  });

  it.each([
    ['28.00', undefined],
    ['£28.00', ['GBP', 'EGP']],
    ['US$ 24', ['USD']],
    ['$24', expect.arrayContaining(['USD', 'MXN'])],
    ['EUR 12,50', ['EUR']],
    ['12,50 €', ['EUR']],
    ['349.00 MXN', ['MXN']],
    ['SAR 45', ['SAR']],
    ['٤٥ ر.س', ['SAR']],
    ['45 ر.س.', ['SAR']],
    ['ZZZ 12', []],
  ])('reads the currency of %j', (text, currencies) => {
    expect(priceCurrencies(text)).toEqual(currencies);
  });

  it('names a price written in another currency than the business’s', () => {
    expect(otherCurrencyMessage('£28.00', 'GBP')).toBeNull();
    expect(otherCurrencyMessage('28.00', 'GBP')).toBeNull();
    expect(otherCurrencyMessage('$12', 'MXN')).toBeNull();
    expect(otherCurrencyMessage('£28.00', 'USD')).toBe(
      'Price is in "£28.00", not USD, the business\'s currency',
    );
    expect(otherCurrencyMessage('US$24', 'GBP')).toBe("Price is in USD, not GBP, the business's currency");
  });
});
