import type { CampaignResponse } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeText } from '../../../shared/hooks/use-date-time';
import {
  useDeleteEmailCampaignMutation,
  useEmailCampaignsFeedInfiniteQuery,
  useEmailSummaryQuery,
  useMoveEmailCampaignMutation,
} from '../api';
import { isScheduledAhead } from '../campaign-format';
import { useEmailActions } from '../use-email-actions';
import { CampaignCard } from './CampaignCard';
import { CampaignDialog, type CampaignDialogMode } from './CampaignDialog';
import { EmailListTab } from './EmailListTab';
import { EmailPreview } from './EmailPreview';

/** While a campaign sends, its figures and the summary cards are read again this often. */
export const SENDING_REFRESH_MS = 5000;

/** The Campaigns tab: create, edit, preview, send (after a confirmation naming the recipients), pause, resume. */
export function CampaignsTab() {
  const { t } = useTranslation();
  const dateTime = useDateTimeText();
  const feed = useEmailCampaignsFeedInfiniteQuery({});
  const campaigns = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const sending = campaigns.some((campaign) => campaign.status === 'sending');
  // A second subscription to the same lists, polling only while something sends.
  useEmailCampaignsFeedInfiniteQuery({}, { pollingInterval: SENDING_REFRESH_MS, skip: !sending });
  const summary = useEmailSummaryQuery(undefined, { pollingInterval: sending ? SENDING_REFRESH_MS : 0 });
  const [moveCampaign] = useMoveEmailCampaignMutation();
  const [deleteCampaign] = useDeleteEmailCampaignMutation();
  const actions = useEmailActions();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<CampaignDialogMode | null>(null);
  const [preview, setPreview] = useState<CampaignResponse | null>(null);

  const move = async (campaign: CampaignResponse, action: 'send' | 'pause' | 'resume', done: string) => {
    setBusyId(campaign.id);
    await actions.run(() => moveCampaign({ id: campaign.id, action }).unwrap(), {
      done,
      failed: t(`emailMarketing.campaigns.${action}Failed`),
    });
    setBusyId(null);
  };

  const confirmSend = (campaign: CampaignResponse) => {
    // Everyone still subscribed (spec 001 §2's audience); the count is the Subscribers card's.
    const count = summary.data?.subscribers ?? 0;
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
              onSend={() => confirmSend(campaign)}
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
    </>
  );
}
