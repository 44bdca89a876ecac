import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The landing page's product tour shows these files (apps/web/src/features/landing/components/ProductTour.tsx). */
const web = path.join(__dirname, '../../apps/web');
const list = /TOUR_SCREENS = \[([^\]]+)\]/.exec(
  readFileSync(path.join(web, 'src/features/landing/components/ProductTour.tsx'), 'utf8'),
)?.[1];
const screens = [...(list ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1]);

it.each(['en', 'ar', 'es'])('the tour has a WebP screenshot of each screen in %s, each at most 120 KB', (language) => {
  expect(screens).toHaveLength(5);
  for (const name of screens) {
    const file = path.join(web, 'public/tour', language, `${name}.webp`);
    expect(readFileSync(file).subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(statSync(file).size).toBeLessThanOrEqual(120 * 1024);
  }
});
