import {
  type CampaignDto,
  type CampaignResponse,
  type CampaignResultsResponse,
  type EmailAudienceResponse,
  type EmailCampaignProgressData,
  type EmailSequenceDto,
  type EmailSequenceResponse,
  type EmailSummaryResponse,
  type EmailTemplateDto,
  type EmailTemplateResponse,
  SUBSCRIBER_CSV_RULE,
  type SubscriberDto,
  type SubscriberImportResponse,
  type SubscriberResponse,
  type UpdateCampaignDto,
  type UpdateEmailSequenceDto,
  type UpdateEmailTemplateDto,
  type UpdateSubscriberDto,
} from '@parley/contracts';
import { api, type ApiTag } from '../../app/api';
import { listFeedEndpoint } from '../../app/list-page';

/** The email lists take no filters: newest first, a page at a time. */
export type NoFilters = Record<string, never>;

const byId = (path: string, id: string) => `/email/${path}/${encodeURIComponent(id)}`;

/** Any change to campaigns or subscribers can move the four summary cards. */
const withSummary = (tag: ApiTag): ApiTag[] => [tag, 'EmailSummary'];

export const emailApi = api.injectEndpoints({
  endpoints: (build) => ({
    emailSummary: build.query<EmailSummaryResponse, void>({
      query: () => '/email/summary',
      providesTags: ['EmailSummary'],
    }),

    emailTemplatesFeed: listFeedEndpoint<EmailTemplateResponse, NoFilters>(
      build,
      '/email/templates',
      'EmailTemplates',
    ),
    createEmailTemplate: build.mutation<EmailTemplateResponse, EmailTemplateDto>({
      query: (body) => ({ url: '/email/templates', method: 'POST', body }),
      invalidatesTags: ['EmailTemplates'],
    }),
    updateEmailTemplate: build.mutation<
      EmailTemplateResponse,
      { id: string; changes: UpdateEmailTemplateDto }
    >({
      query: ({ id, changes }) => ({ url: byId('templates', id), method: 'PATCH', body: changes }),
      invalidatesTags: ['EmailTemplates'],
    }),
    /** Campaigns made from it keep their content; their templateId is cleared. */
    deleteEmailTemplate: build.mutation<unknown, string>({
      query: (id) => ({ url: byId('templates', id), method: 'DELETE' }),
      invalidatesTags: ['EmailTemplates', 'EmailCampaigns'],
    }),

    emailCampaignsFeed: listFeedEndpoint<CampaignResponse, NoFilters>(
      build,
      '/email/campaigns',
      'EmailCampaigns',
    ),
    createEmailCampaign: build.mutation<CampaignResponse, CampaignDto>({
      query: (body) => ({ url: '/email/campaigns', method: 'POST', body }),
      invalidatesTags: withSummary('EmailCampaigns'),
    }),
    /** 409 for anything but the name once the campaign has started sending. */
    updateEmailCampaign: build.mutation<CampaignResponse, { id: string; changes: UpdateCampaignDto }>({
      query: ({ id, changes }) => ({ url: byId('campaigns', id), method: 'PATCH', body: changes }),
      invalidatesTags: ['EmailCampaigns'],
    }),
    deleteEmailCampaign: build.mutation<unknown, string>({
      query: (id) => ({ url: byId('campaigns', id), method: 'DELETE' }),
      invalidatesTags: withSummary('EmailCampaigns'),
    }),
    /** Send, pause or resume: the campaign in its new status; 409 naming the status when it cannot move. */
    moveEmailCampaign: build.mutation<CampaignResponse, { id: string; action: 'send' | 'pause' | 'resume' }>({
      query: ({ id, action }) => ({ url: `${byId('campaigns', id)}/${action}`, method: 'POST' }),
      invalidatesTags: withSummary('EmailCampaigns'),
    }),

    /** How its mails went; read afresh each time the results open. */
    emailCampaignResults: build.query<CampaignResultsResponse, string>({
      query: (id) => `${byId('campaigns', id)}/results`,
      providesTags: ['EmailCampaigns'],
    }),
    /** The recipients a campaign with these audience tags would have now, and the tags to pick from. */
    emailAudience: build.query<EmailAudienceResponse, { tags: string[] }>({
      query: ({ tags }) => ({
        url: '/email/audience',
        params: tags.length > 0 ? { tags: tags.join(',') } : {},
      }),
      providesTags: ['EmailSubscribers'],
    }),

    emailSequencesFeed: listFeedEndpoint<EmailSequenceResponse, NoFilters>(
      build,
      '/email/sequences',
      'EmailSequences',
    ),
    createEmailSequence: build.mutation<EmailSequenceResponse, EmailSequenceDto>({
      query: (body) => ({ url: '/email/sequences', method: 'POST', body }),
      invalidatesTags: ['EmailSequences'],
    }),
    /** `steps` replace the list; `isActive: false` stops every subscriber's way through it. */
    updateEmailSequence: build.mutation<
      EmailSequenceResponse,
      { id: string; changes: UpdateEmailSequenceDto }
    >({
      query: ({ id, changes }) => ({ url: byId('sequences', id), method: 'PATCH', body: changes }),
      invalidatesTags: ['EmailSequences'],
    }),
    deleteEmailSequence: build.mutation<unknown, string>({
      query: (id) => ({ url: byId('sequences', id), method: 'DELETE' }),
      invalidatesTags: ['EmailSequences'],
    }),

    emailSubscribersFeed: listFeedEndpoint<SubscriberResponse, NoFilters>(
      build,
      '/email/subscribers',
      'EmailSubscribers',
    ),
    /** 409 naming `email` when the owner has that address already. */
    createEmailSubscriber: build.mutation<SubscriberResponse, SubscriberDto>({
      query: (body) => ({ url: '/email/subscribers', method: 'POST', body }),
      invalidatesTags: withSummary('EmailSubscribers'),
    }),
    updateEmailSubscriber: build.mutation<SubscriberResponse, { id: string; changes: UpdateSubscriberDto }>({
      query: ({ id, changes }) => ({ url: byId('subscribers', id), method: 'PATCH', body: changes }),
      invalidatesTags: ['EmailSubscribers'],
    }),
    deleteEmailSubscriber: build.mutation<unknown, string>({
      query: (id) => ({ url: byId('subscribers', id), method: 'DELETE' }),
      invalidatesTags: withSummary('EmailSubscribers'),
    }),
    /** A CSV of subscribers; 200 with the counts even when some rows were refused (`errors`). */
    importEmailSubscribers: build.mutation<SubscriberImportResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append(SUBSCRIBER_CSV_RULE.fieldName, file);
        return { url: '/email/subscribers/import', method: 'POST', body };
      },
      invalidatesTags: withSummary('EmailSubscribers'),
    }),
  }),
});

/** A campaign's figures from an `email_campaign_progress` event, put into every cached campaigns list. */
export function applyCampaignProgress(progress: EmailCampaignProgressData) {
  return emailApi.util.updateQueryData('emailCampaignsFeed', {}, (feed) => {
    for (const page of feed.pages) {
      const campaign = page.items.find((item) => item.id === progress.campaignId);
      if (!campaign) continue;
      campaign.status = progress.status;
      campaign.totalRecipients = progress.totalRecipients;
      campaign.sentCount = progress.sentCount;
      campaign.openCount = progress.openCount;
      campaign.clickCount = progress.clickCount;
      campaign.sentAt = progress.sentAt;
    }
  });
}

export const {
  useEmailSummaryQuery,
  useEmailTemplatesFeedInfiniteQuery,
  useCreateEmailTemplateMutation,
  useUpdateEmailTemplateMutation,
  useDeleteEmailTemplateMutation,
  useEmailCampaignsFeedInfiniteQuery,
  useCreateEmailCampaignMutation,
  useUpdateEmailCampaignMutation,
  useDeleteEmailCampaignMutation,
  useMoveEmailCampaignMutation,
  useEmailCampaignResultsQuery,
  useEmailAudienceQuery,
  useLazyEmailAudienceQuery,
  useEmailSequencesFeedInfiniteQuery,
  useCreateEmailSequenceMutation,
  useUpdateEmailSequenceMutation,
  useDeleteEmailSequenceMutation,
  useEmailSubscribersFeedInfiniteQuery,
  useCreateEmailSubscriberMutation,
  useUpdateEmailSubscriberMutation,
  useDeleteEmailSubscriberMutation,
  useImportEmailSubscribersMutation,
} = emailApi;
