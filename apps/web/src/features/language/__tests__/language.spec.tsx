import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn, renderSignedOut } from '../../../test/render-app';
import { createI18n } from '../i18n';
import { useLanguage } from '../language-context';
import { LANGUAGE_STORAGE_KEY } from '../languages';

async function chooseLanguage(name: string) {
  const languageSwitch = await screen.findByTestId('language-switch');
  await userEvent.click(within(languageSwitch).getByRole('radio', { name }));
}

describe('language', () => {
  it('starts in English, left to right, offering English, العربية and Español', async () => {
    renderSignedOut('/');

    const languageSwitch = await screen.findByRole('radiogroup', { name: 'Language' });
    expect(languageSwitch).toHaveAttribute('data-testid', 'language-switch');
    expect(
      within(languageSwitch)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['English', 'العربية', 'Español']);
    expect(within(languageSwitch).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('switches to Arabic: texts, <html lang dir>, antd direction, and remembers the choice', async () => {
    const { unmount } = renderSignedOut('/');
    await chooseLanguage('العربية');

    expect(await screen.findByRole('heading', { name: 'أسعار بسيطة وواضحة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('language-switch')).toHaveClass('ant-segmented-rtl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');

    unmount();
    document.documentElement.removeAttribute('dir');
    renderSignedOut('/');

    expect(await screen.findByRole('heading', { name: 'أسعار بسيطة وواضحة' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'العربية' })).toBeChecked();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('flips the signed-in layout for Arabic and back for Spanish', async () => {
    renderSignedIn('/');
    await chooseLanguage('العربية');

    const sidebar = await screen.findByRole('complementary');
    expect(sidebar.closest('.ant-layout')).toHaveClass('ant-layout-rtl');
    expect(within(sidebar).getByRole('link', { name: 'الرسائل' })).toBeInTheDocument();

    await chooseLanguage('Español');

    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
    expect(sidebar.closest('.ant-layout')).not.toHaveClass('ant-layout-rtl');
    expect(within(sidebar).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('ignores an unknown stored language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    renderSignedOut('/');

    expect(await screen.findByRole('radio', { name: 'English' })).toBeChecked();
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to English for a missing translation, then to the key itself', () => {
    const i18n = createI18n('es');
    i18n.addResource('en', 'translation', 'onlyInEnglish', 'Only in English');
    const t = i18n.getFixedT('es') as (key: string) => string;

    expect(t('common.loading')).toBe('Cargando...');
    expect(t('onlyInEnglish')).toBe('Only in English');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('useLanguage outside its provider is a developer error', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useLanguage())).toThrow(
      'useLanguage must be used within a LanguageProvider',
    );
  });
});
