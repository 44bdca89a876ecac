/**
 * A price in US dollars, written the reader's way ($19 in English): plans in whole dollars, products with
 * `fractionDigits` 2 ($1,299.50).
 */
export function formatUsd(amount: number, language: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}
