import juice from 'juice';
import { fillSkeleton, skeletonOf } from './mail-skeleton';
import { personaliseHtml } from './personalise';
import { sanitiseHtml } from './sanitise';

/** The whole way, once per mail: what a skeleton's filling must equal byte for byte. */
const wholeWay = async (html: string, variables: Parameters<typeof personaliseHtml>[1], clickUrl?: (url: string) => string) =>
  sanitiseHtml(juice(await personaliseHtml(html, variables)), clickUrl);

const clickUrl = (url: string) => `https://parley.example.com/api/email/click/d1.mac?url=${encodeURIComponent(url)}`;

const COMPANY = 'Olive & Thread <"Lisboa">';

/** Names that test every escape on the way: markup, entities (whole, open, legacy), quotes, Unicode, nothing. */
const NAMES: (string | null)[] = [
  'Ann',
  null,
  '',
  '<img src=x onerror=alert(1)>',
  '"Lee" & \'Sons\'',
  '&amp; &lt;b&gt; &#60; &#x3c; &notin; &copy &',
  'amp;',
  ';x',
  'José Ñúñez — 李 العربية 🦦',
  '</body></html><script>alert(1)</script>',
  '{{ email }} {% if %}',
  'a\u00a0b\tc\nd',
  '  spaced  ',
  `pz${'0'.repeat(16)}v0z`,
];

const TEMPLATES = [
  // The bench's mail.
  `<html><head><style>.hero{font:16px Arial;color:#1f2937}.cta{background:#2563eb;color:#fff;padding:12px}</style></head>
<body><div class="hero"><h1>Hello {{ firstName | default: "there" }}</h1>
<p>Everything in the shop is 20% off. Linen shirts.</p>
<p><a class="cta" href="https://shop.example/sale?utm=mail">Shop the sale</a> or <a href="https://shop.example/new">see what is new</a>.</p>
</div></body></html>`,
  '<p>Hi {{ firstName | default: "there" }} {{lastName}}, {{email}} at {{companyName}}</p>',
  '<p>{{- firstName -}} , {{ lastName | default: \'&amp; <friend>\' }}</p><a href=" https://x.example/?a=1&amp;b=2 ">x</a>' +
    '<a href="mailto:a@b.example">m</a><a href="javascript:alert(1)">j</a><p onclick="x()">AT&amp;T {{ email }}</p>',
  '<style>.big { font-size: 20px }</style><p class="big">{{ firstName }}</p><script>alert(1)</script><b>{{ email }}</b>',
];

describe('mail skeleton', () => {
  it.each(TEMPLATES.map((t, i) => [i, t]))('fills template %i to the bytes of the whole way, tracked or not', async (_, html) => {
    for (const tracked of [true, false]) {
      const skeleton = await skeletonOf(html, COMPANY, tracked);
      if (skeleton === null) throw new Error(`template ${html} made no skeleton`);
      for (const firstName of NAMES) {
        for (const lastName of [null, '<b>Lee</b>']) {
          const variables = { firstName, lastName, email: `${firstName ?? 'x'}@example.com`, companyName: COMPANY };
          const link = tracked ? clickUrl : undefined;
          expect(fillSkeleton(skeleton, variables, link)).toBe(await wholeWay(html, variables, link));
        }
      }
    }
  });

  it.each([
    ['a filter', '<p>{{ firstName | upcase }}</p>'],
    ['a condition', '<p>{% if firstName %}Hi{% endif %}</p>'],
    ['an assignment', '<p>{% assign n = firstName %}{{ n }}</p>'],
    ['a variable in a link', '<a href="https://x.example/?e={{ email }}">x</a>'],
    ['a variable in an attribute', '<p title="{{ firstName }}">x</p>'],
    ['an open character reference before a value', '<p>&not{{ firstName }}</p>'],
    ['a value in a dropped element', '<textarea>{{ firstName }}</textarea>'],
    ['a value in a script', '<p>x</p><script>{{ firstName }}</script>'],
    ['a template that does not render', '{% include "/etc/passwd" %}'],
  ])('goes the whole way per mail for %s', async (_, html) => {
    expect(await skeletonOf(html, COMPANY, true)).toBeNull();
  });

  it('is made once per body, company and tracking', async () => {
    const html = '<p>Hello {{ firstName }}</p>';
    expect(await skeletonOf(html, 'A', true)).toBe(await skeletonOf(html, 'A', true));
    expect(await skeletonOf(html, 'A', true)).not.toBe(await skeletonOf(html, 'B', true));
  });
});
