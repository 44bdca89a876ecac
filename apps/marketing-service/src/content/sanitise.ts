import sanitizeHtml from 'sanitize-html';

/**
 * What owner-written HTML may hold in a mail: the tags and attributes of ordinary mail layouts (tables,
 * images, inline styles), links to http(s), mailto and tel only. Scripts, event handlers (`onclick`),
 * `<style>` and `<iframe>` go; a `javascript:` link loses its href. CSS from `<style>` blocks is inlined
 * before this runs (juice), so the look survives.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font', 'span', 'html', 'head', 'body'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'title', 'class'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'role'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
