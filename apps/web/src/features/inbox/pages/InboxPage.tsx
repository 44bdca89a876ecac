import { Flex, Grid, theme, Typography } from 'antd';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../shared/components/EmptyState';
import { ContactPanel } from '../components/ContactPanel';
import { ConversationList } from '../components/ConversationList';
import { ThreadPane } from '../components/ThreadPane';
import { useWindowHeight } from '../use-window-height';

/** Widths of the side panes: a share of the page between a floor and a ceiling, the thread takes the rest. */
const LIST_WIDTH = 'clamp(260px, 30%, 360px)';
const CONTACT_WIDTH = 'clamp(240px, 26%, 320px)';

/**
 * /inbox: one conversation per customer. The selected one is in the address (`?customer=<id>`, and
 * `&reply=1` to start writing), so links and reloads open it. A desktop shows the list, the thread and the
 * contact panel side by side (the contact panel collapses); a phone shows one pane at a time,
 * list → thread → contact, each with a way back.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('customer');
  const focusReply = searchParams.get('reply') === '1';
  // Desktop: beside the thread unless the owner hides it; hidden by default where three panes are cramped.
  const [contactShown, setContactShown] = useState<boolean | null>(null);
  const desktopContact = contactShown ?? Boolean(screens.xl);
  // Phone: the contact pane replaces the thread of the conversation it was opened for.
  const [phoneContactFor, setPhoneContactFor] = useState<string | null>(null);
  const phoneContact = phoneContactFor !== null && phoneContactFor === selectedId;
  const frame = useRef<HTMLDivElement>(null);
  const height = useWindowHeight(frame);

  const withCustomer = (customerId: string | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete('reply');
    if (customerId === null) params.delete('customer');
    else params.set('customer', customerId);
    return params;
  };
  const linkTo = (customerId: string) => `?${withCustomer(customerId).toString()}`;
  const toggleContact = () =>
    phone ? setPhoneContactFor(phoneContact ? null : selectedId) : setContactShown(!desktopContact);

  const pane: CSSProperties = { minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' };
  const side = (width: string, edge: 'borderInlineEnd' | 'borderInlineStart'): CSSProperties => ({
    ...pane,
    width,
    flexShrink: 0,
    [edge]: `1px solid ${token.colorSplit}`,
  });

  const list = <ConversationList selectedId={selectedId} linkTo={linkTo} />;
  const thread = selectedId && (
    <ThreadPane
      key={selectedId}
      customerId={selectedId}
      focusReply={focusReply}
      onBack={phone ? () => setSearchParams(withCustomer(null)) : undefined}
      contactOpen={phone ? phoneContact : desktopContact}
      onToggleContact={toggleContact}
    />
  );
  const contact = (onBack?: () => void) =>
    selectedId && <ContactPanel key={selectedId} customerId={selectedId} onBack={onBack} />;

  return (
    <Flex vertical gap="middle" ref={frame} style={{ height }} data-testid="inbox">
      {/* A phone keeps its height for the conversation once one is open. */}
      {!(phone && selectedId) && (
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('routes.inbox.title')}
        </Typography.Title>
      )}
      <Flex
        style={{
          flex: 1,
          minHeight: 0,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
        }}
      >
        {phone ? (
          <div
            style={{ ...pane, flex: 1 }}
            data-testid="inbox-pane"
            data-pane={paneName(selectedId, phoneContact)}
          >
            {!selectedId ? list : phoneContact ? contact(() => setPhoneContactFor(null)) : thread}
          </div>
        ) : (
          <>
            <div style={side(LIST_WIDTH, 'borderInlineEnd')}>{list}</div>
            <div style={{ ...pane, flex: 1 }}>
              {thread || (
                <Flex flex={1} align="center" justify="center">
                  <EmptyState
                    testId="inbox-no-selection"
                    title={t('inbox.thread.noneTitle')}
                    hint={t('inbox.thread.noneHint')}
                  />
                </Flex>
              )}
            </div>
            {selectedId && desktopContact && (
              <div style={side(CONTACT_WIDTH, 'borderInlineStart')}>{contact()}</div>
            )}
          </>
        )}
      </Flex>
    </Flex>
  );
}

/** Which pane a phone shows (for tests and styles): the list, a thread, or its contact panel. */
function paneName(selectedId: string | null, contact: boolean): 'list' | 'thread' | 'contact' {
  if (!selectedId) return 'list';
  return contact ? 'contact' : 'thread';
}
