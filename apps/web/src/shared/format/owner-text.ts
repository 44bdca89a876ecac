/**
 * For the owner's own texts (names, descriptions, categories, features, knowledge): each paragraph takes the
 * direction of its first letters, so English data reads right inside the Arabic page and Arabic data inside
 * the English one. A style rather than `dir="auto"`, which antd's right-to-left styles override.
 */
export const OWNER_TEXT = { unicodeBidi: 'plaintext' } as const;

/**
 * A comma-separated field as a list (spec 001 §5: product features, knowledge tags): split on commas,
 * trimmed, empty items dropped.
 */
export function listFromCommaText(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
