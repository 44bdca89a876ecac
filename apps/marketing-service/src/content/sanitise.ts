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

/**
 * The HTML as OPTIONS allows it. `trackLink`, when given, replaces the href of every http(s) link (what a
 * click redirect may lead to; mailto and tel links stay as they are).
 */
export function sanitiseHtml(html: string, trackLink?: (url: string) => string): string {
  if (!trackLink) return sanitizeHtml(html, OPTIONS);
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        // Only a plain http(s) URL is replaced: anything else keeps its href for the scheme check to judge.
        return href && /^https?:\/\/[^\s]+$/i.test(href)
          ? { tagName, attribs: { ...attribs, href: trackLink(href) } }
          : { tagName, attribs };
      },
    },
  });
}
