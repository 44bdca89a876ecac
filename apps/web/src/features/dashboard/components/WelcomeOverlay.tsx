import { SettingOutlined } from '@ant-design/icons';
import { Flex, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';

/** Spec 001 §9: the celebration lasts this long, with this many confetti pieces. */
export const WELCOME_DURATION_MS = 4000;
export const CONFETTI_PIECES = 50;
export const WELCOME_SEEN_KEY = 'parley.welcomeSeen';

const CONFETTI_COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1'];

const CONFETTI_CSS = `
@keyframes parley-confetti-fall {
  from { transform: translateY(-10vh) rotate(0deg); opacity: 1; }
  to { transform: translateY(110vh) rotate(720deg); opacity: 0.6; }
}
.parley-confetti {
  position: absolute;
  top: 0;
  width: 10px;
  height: 14px;
  border-radius: 2px;
  animation: parley-confetti-fall 3.2s linear forwards;
}
@media (prefers-reduced-motion: reduce) {
  .parley-confetti { animation: none; display: none; }
}
`;

function alreadySeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) === 'true';
  } catch {
    return true;
  }
}

function markSeen(): void {
  try {
    window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  } catch {
    // Storage blocked: the welcome may show again on the next visit.
  }
}

/**
 * Spec 001 §2: on the first visit a 4-second celebration with 50 confetti pieces (CSS only), then marked
 * seen in localStorage. A click dismisses it earlier. It says the agent is ready only once the business
 * setup is completed; before that it points to the setup. It waits for the AI configuration
 * (`setupCompleted` undefined) so that it never shows the wrong one of the two.
 */
export function WelcomeOverlay({ setupCompleted }: { setupCompleted: boolean | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [unseen, setUnseen] = useState(() => !alreadySeen());
  const visible = unseen && setupCompleted !== undefined;

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => {
      markSeen();
      setUnseen(false);
    }, WELCOME_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  const dismiss = () => {
    markSeen();
    setUnseen(false);
  };

  return (
    <div
      data-testid="welcome-overlay"
      role="status"
      onClick={dismiss}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: token.zIndexPopupBase + 50,
        overflow: 'hidden',
        background: 'rgba(0, 0, 0, 0.45)',
        cursor: 'pointer',
      }}
    >
      <style>{CONFETTI_CSS}</style>
      {Array.from({ length: CONFETTI_PIECES }, (_, index) => (
        <span
          key={index}
          aria-hidden
          data-testid="confetti-piece"
          className="parley-confetti"
          style={{
            left: `${(index * 37) % 100}%`,
            background: CONFETTI_COLORS[index % CONFETTI_COLORS.length],
            animationDelay: `${(index % 10) * 0.08}s`,
            animationDuration: `${2.4 + (index % 7) * 0.2}s`,
          }}
        />
      ))}
      <Flex
        vertical
        align="center"
        justify="center"
        style={{ height: '100%', padding: 24, textAlign: 'center' }}
      >
        <div
          style={{
            // Positioned, so that it is drawn over the confetti (they come earlier in the page).
            position: 'relative',
            padding: '32px 40px',
            borderRadius: token.borderRadiusLG,
            background: token.colorBgElevated,
            boxShadow: token.boxShadow,
          }}
        >
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {t('dashboard.welcome.title')}
          </Typography.Title>
          {setupCompleted ? (
            <Typography.Text type="secondary" data-testid="welcome-text">
              {t('dashboard.welcome.subtitle')}
            </Typography.Text>
          ) : (
            <Flex vertical align="center" gap="middle">
              <Typography.Text type="secondary" data-testid="welcome-text">
                {t('dashboard.welcome.setupSubtitle')}
              </Typography.Text>
              {/* The click also reaches the overlay, which closes it on the way to the setup. */}
              <ButtonLink to="/business-setup" type="primary" icon={<SettingOutlined aria-hidden />}>
                {t('dashboard.welcome.startSetup')}
              </ButtonLink>
            </Flex>
          )}
        </div>
      </Flex>
    </div>
  );
}
