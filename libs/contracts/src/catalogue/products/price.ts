/** The largest price a numeric(10, 2) column holds. */
export const MAX_PRICE = 99_999_999.99;

/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits, and the Arabic separators. */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** What may stand beside the number: a sign, a currency symbol or code (`$`, `€`, `USD`, `ر.س`), or nothing. */
function isCurrency(text: string): boolean {
  return /^[-\u2212+]?(?:[A-Z]{2,3}\$?|[$€£¥₹₺₽₩₪฿]|[\u0600-\u06ff.]{1,6})?[-\u2212]?$/.test(text);
}

/**
 * A price as price lists write it, as a number: `12.5`, `$1,299.00`, `1.299,00 €`, `1 299,00`, `CHF 1'299.50`,
 * `١٬٢٩٩٫٠٠`. Currency signs, codes and spaces are ignored. The decimal separator is the last `.` or `,` when
 * both appear; a lone separator followed by exactly three digits groups thousands (`1,299`, `1.299`), any other
 * is decimal. Answers null for text that is no number. The sign is kept (a negative price is refused by the
 * rules, not read as positive); more than two decimals are kept (refused by the rules, never rounded).
 */
export function parsePrice(text: string): number | null {
  const western = westernDigits(text.normalize('NFKC'));
  const negative = /^[^\d]*[-\u2212]/.test(western);
  const kept = western.replace(/['’\s\u00a0\u202f]/g, '');
  const parts = kept.match(/^(.*?)(\d[\d.,]*)(.*)$/);
  if (!parts || !isCurrency(parts[1]) || !isCurrency(parts[3])) return null;
  const digits = parts[2].replace(/[.,]$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let decimalAt = Math.max(lastDot, lastComma);
  if (decimalAt !== -1 && (lastDot === -1 || lastComma === -1)) {
    const separator = digits[decimalAt];
    const repeated = digits.indexOf(separator) !== decimalAt;
    if (repeated || digits.length - decimalAt - 1 === 3) decimalAt = -1;
  }
  const whole = decimalAt === -1 ? digits : digits.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : digits.slice(decimalAt + 1);
  // Thousands come in groups of three: `1,299` and `1.234.567` but never `12.5.6`.
  if (!/^\d{1,3}(?:[.,]\d{3})*$|^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const value = Number(fraction ? `${whole.replace(/[.,]/g, '')}.${fraction}` : whole.replace(/[.,]/g, ''));
  return negative ? -value : value;
}
