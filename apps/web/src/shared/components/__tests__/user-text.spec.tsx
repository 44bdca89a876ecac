import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY, LanguageProvider } from '../../../features/language';
import { DetachedAntdStyles } from '../../../test/render-app';
import { UserText, UserTextLine } from '../UserText';

const LINE_HEIGHT = 22;
const CHARACTERS_PER_LINE = 60;

/**
 * jsdom lays nothing out: each element is as tall as its text would be at 60 characters a line, and a
 * clamped box shows `lines` of them (what Chromium does with -webkit-line-clamp).
 */
function layOutText(lines: number) {
  jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return Math.ceil((this.textContent?.length ?? 0) / CHARACTERS_PER_LINE) * LINE_HEIGHT;
  });
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    const full = Math.ceil((this.textContent?.length ?? 0) / CHARACTERS_PER_LINE) * LINE_HEIGHT;
    return (this as HTMLElement).dataset.clamped === 'true' ? Math.min(full, lines * LINE_HEIGHT) : full;
  });
}

function renderIn(language: 'en' | 'ar' | 'es', ui: React.ReactNode) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return render(<LanguageProvider>{ui}</LanguageProvider>, { wrapper: DetachedAntdStyles });
}

describe('UserText: long texts', () => {
  beforeEach(() => layOutText(3));

  it('clamps a text longer than its lines, with Show more and Show less', async () => {
    renderIn('en', <UserText text={'word '.repeat(800)} lines={3} testId="text" />);

    const box = screen.getByTestId('text');
    expect(box).toHaveAttribute('data-clamped', 'true');
    expect(box).toHaveStyle({ overflow: 'hidden', WebkitLineClamp: '3' });

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(box).toHaveAttribute('data-clamped', 'false');
    expect(box).not.toHaveStyle({ overflow: 'hidden' });

    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(box).toHaveAttribute('data-clamped', 'true');
    expect(screen.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers nothing for a text that fits', () => {
    renderIn('en', <UserText text="Do you ship to Spain?" lines={3} testId="text" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says Show more in the reader’s language', () => {
    renderIn('ar', <UserText text={'word '.repeat(800)} lines={3} />);
    expect(screen.getByRole('button', { name: 'عرض المزيد' })).toBeInTheDocument();
  });

  it('breaks a word longer than the line instead of widening the page', () => {
    renderIn('en', <UserText text={'x'.repeat(4000)} />);
    expect(screen.getByText('x'.repeat(4000))).toHaveStyle({
      overflowWrap: 'anywhere',
      whiteSpace: 'pre-wrap',
    });
  });
});

describe('UserText: direction', () => {
  it('gives an English text in the Arabic interface its own direction', () => {
    renderIn('ar', <UserText text="Good morning?" />);

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const text = screen.getByText('Good morning?');
    // dir="auto" takes the direction from the first strong letter (G: left to right), plaintext does so
    // for every paragraph: the question mark stays at the end of the English sentence.
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text).toHaveStyle({ unicodeBidi: 'plaintext' });
    expect(text).not.toHaveAttribute('class');
  });

  it('does the same for an Arabic text in the English interface', () => {
    renderIn('en', <UserText text="صباح الخير؟" />);
    const text = screen.getByText('صباح الخير؟');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(text).toHaveStyle({ unicodeBidi: 'plaintext' });
  });
});

describe('UserTextLine', () => {
  it('keeps one line with an ellipsis, the whole text on hover, in its own direction', () => {
    const name = 'María de los Ángeles García-Fernández y Rodríguez de la Fuente';
    renderIn('ar', <UserTextLine text={name} testId="name" />);

    const line = screen.getByTestId('name');
    expect(line).toHaveTextContent(name);
    expect(line).toHaveAttribute('title', name);
    expect(line).toHaveAttribute('dir', 'auto');
    expect(line).toHaveStyle({
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      unicodeBidi: 'plaintext',
      minWidth: '0',
    });
  });
});
