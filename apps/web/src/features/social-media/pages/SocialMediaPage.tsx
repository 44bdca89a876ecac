import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../shared/components/PageIntro';
import {
  activePlatforms,
  reconnectPlatforms,
  useListSocialMediaIntegrationsQuery,
} from '../../integrations/api';
import { MessageCenter } from '../components/MessageCenter';
import { PlatformIntegrations } from '../components/PlatformIntegrations';
import { SendMessageForm } from '../components/SendMessageForm';

/** /social-media, the social platform panel (spec 001 §2): Platform Integrations, Message Center, Send Message. */
export default function SocialMediaPage() {
  const { t } = useTranslation();
  const integrations = useListSocialMediaIntegrationsQuery();
  const connected = activePlatforms(integrations.data);
  // Until the list answers, nothing is said about missing platforms.
  const noPlatforms = !integrations.isLoading && connected.length === 0;

  return (
    <Flex vertical gap="large">
      <PageIntro name="socialMedia" />
      <PlatformIntegrations integrations={integrations.data ?? []} loading={integrations.isLoading} />
      <Tabs
        data-testid="social-tabs"
        items={[
          {
            key: 'messages',
            label: t('socialMedia.tabs.messageCenter'),
            children: <MessageCenter noPlatforms={noPlatforms} />,
          },
          {
            key: 'send',
            label: t('socialMedia.tabs.sendMessage'),
            children: (
              <SendMessageForm
                platforms={connected}
                reconnect={reconnectPlatforms(integrations.data)}
                loading={integrations.isLoading}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
