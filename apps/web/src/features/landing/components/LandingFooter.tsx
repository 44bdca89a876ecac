import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: the footer's copyright year is fixed. */
const COPYRIGHT_YEAR = 2024;

export function LandingFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <footer style={{ padding: 24, textAlign: 'center', borderTop: `1px solid ${token.colorSplit}` }}>
      <Typography.Text type="secondary">
        {t('landing.footer.copyright', { year: COPYRIGHT_YEAR })}
      </Typography.Text>
    </footer>
  );
}
