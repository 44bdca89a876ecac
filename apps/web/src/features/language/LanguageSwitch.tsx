import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './language-context';
import { LANGUAGES } from './languages';

/** Each language is offered under its own name (English, العربية, Español), taken from its own texts. */
export function LanguageSwitch({ block = false }: { block?: boolean }) {
  const { language, setLanguage } = useLanguage();
  const { t, i18n } = useTranslation();
  const options = LANGUAGES.map((code) => ({ value: code, label: i18n.getFixedT(code)('language.name') }));

  return (
    <Segmented
      data-testid="language-switch"
      aria-label={t('language.label')}
      size="small"
      block={block}
      value={language}
      onChange={setLanguage}
      options={options}
    />
  );
}
