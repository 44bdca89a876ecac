import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page-level error screen of spec 001 §2. React itself logs the error to the console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** Plain markup rather than antd Result: this screen is in the entry chunk, Result's artwork is not needed. */
function ErrorScreen() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      role="alert"
      vertical
      align="center"
      justify="center"
      gap="middle"
      style={{ minHeight: '100vh', padding: 24, textAlign: 'center', color: token.colorText }}
    >
      <CloseCircleFilled aria-hidden style={{ fontSize: 56, color: token.colorError }} />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>{t('errors.page.title')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('errors.page.description')}</p>
      <Flex gap="small">
        <Button href="/dashboard">{t('errors.page.goHome')}</Button>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.page.tryAgain')}
        </Button>
      </Flex>
    </Flex>
  );
}
