import type { MessageResponse, SendMessageDto } from '@parley/contracts';
import { api } from '../../app/api';

/** Spec 001 §9: the Message Center shows at most this many messages, refetched this often (and over /ws). */
export const MESSAGE_CENTER_LIMIT = 20;
export const MESSAGE_CENTER_POLLING_MS = 10_000;

export const socialMediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/messages/send: a person writes to a platform user id. Refused with a plain message when the
     * platform is not connected (404) or Meta's window does not allow it (409).
     */
    sendMessage: build.mutation<MessageResponse, SendMessageDto>({
      query: (body) => ({ url: '/messages/send', method: 'POST', body }),
      invalidatesTags: ['Messages', 'Customers', 'Stats'],
    }),
  }),
});

export const { useSendMessageMutation } = socialMediaApi;
