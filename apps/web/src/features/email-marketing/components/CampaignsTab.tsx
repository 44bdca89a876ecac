import type { CampaignResponse, EmailCampaignProgressData } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { useToast } from '../../../app/toast';
import { useDateTimeText } from '../../../shared/hooks/use-date-time';
import { useRealtimeEvent } from '../../realtime';
import {
  applyCampaignProgress,
  useDeleteEmailCampaignMutation,
  useEmailCampaignsFeedInfiniteQuery,
  useLazyEmailAudienceQuery,
  useMoveEmailCampaignMutation,
} from '../api';
import { isScheduledAhead } from '../campaign-format';
import { useEmailActions } from '../use-email-actions';
import { CampaignCard } from './CampaignCard';
import { CampaignDialog, type CampaignDialogMode } from './CampaignDialog';
import { CampaignResultsDialog } from './CampaignResultsDialog';
import { EmailListTab } from './EmailListTab';
import { EmailPreview } from './EmailPreview';

/**
 * The Campaigns tab: create, edit, preview, send (after a confirmation naming the audience's recipients),
 * pause, resume, results. A sending campaign's figures and progress bar follow its /ws events.
 */
export function CampaignsTab() {
  const { t } = useTranslation();
  const dateTime = useDateTimeText();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const feed = useEmailCampaignsFeedInfiniteQuery({});
  useRealtimeEvent('email_campaign_progress', (event) => {
    if (event.data) dispatch(applyCampaignProgress(event.data as unknown as EmailCampaignProgressData));
  });
  const [audienceOf] = useLazyEmailAudienceQuery();
  const [moveCampaign] = useMoveEmailCampaignMutation();
  const [deleteCampaign] = useDeleteEmailCampaignMutation();
  const actions = useEmailActions();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<CampaignDialogMode | null>(null);
  const [preview, setPreview] = useState<CampaignResponse | null>(null);
  const [results, setResults] = useState<CampaignResponse | null>(null);

  const move = async (campaign: CampaignResponse, action: 'send' | 'pause' | 'resume', done: string) => {
    setBusyId(campaign.id);
    await actions.run(() => moveCampaign({ id: campaign.id, action }).unwrap(), {
      done,
      failed: t(`emailMarketing.campaigns.${action}Failed`),
    });
    setBusyId(null);
  };

  const confirmSend = async (campaign: CampaignResponse) => {
    // The audience's recipients as they are now (all subscribed, or those with any of its tags).
    setBusyId(campaign.id);
    const audience = await audienceOf({ tags: campaign.audienceTags });
    setBusyId(null);
    if (!audience.data) {
      toast.error({ description: t('emailMarketing.campaigns.sendFailed') });
      return;
    }
    const count = audience.data.recipients;
    const later = isScheduledAhead(campaign);
    const time = campaign.scheduledAt ? dateTime(campaign.scheduledAt) : '';
    actions.confirm(() => moveCampaign({ id: campaign.id, action: 'send' }).unwrap(), {
      title: t('emailMarketing.campaigns.sendConfirm.title'),
      content: t(
        later ? 'emailMarketing.campaigns.sendConfirm.later' : 'emailMarketing.campaigns.sendConfirm.now',
        {
          name: campaign.name,
          count,
          time,
        },
      ),
      okText: t('emailMarketing.campaigns.send'),
      done: later ? t('emailMarketing.campaigns.scheduled', { time }) : t('emailMarketing.campaigns.sending'),
      failed: t('emailMarketing.campaigns.sendFailed'),
    });
  };

  return (
    <>
      <EmailListTab name="campaigns" feed={feed} onAdd={() => setDialog({ mode: 'create' })}>
        {(items) =>
          items.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              busy={busyId === campaign.id}
              onSend={() => void confirmSend(campaign)}
              onResults={() => setResults(campaign)}
              onPause={() => void move(campaign, 'pause', t('emailMarketing.campaigns.paused'))}
              onResume={() => void move(campaign, 'resume', t('emailMarketing.campaigns.resumed'))}
              onPreview={() => setPreview(campaign)}
              onEdit={() => setDialog({ mode: 'edit', campaign })}
              onDelete={() =>
                actions.confirmDelete('campaigns', () => deleteCampaign(campaign.id).unwrap(), {
                  name: campaign.name,
                })
              }
            />
          ))
        }
      </EmailListTab>
      <CampaignDialog open={dialog} onClose={() => setDialog(null)} />
      <EmailPreview item={preview} onClose={() => setPreview(null)} />
      <CampaignResultsDialog campaign={results} onClose={() => setResults(null)} />
    </>
  );
}
