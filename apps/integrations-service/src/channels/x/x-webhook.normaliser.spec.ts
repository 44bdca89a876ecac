import { normaliseXWebhook } from './x-webhook.normaliser';

const ACCOUNT = '4337869213';
const CUSTOMER = '3001969357';

/** An Account Activity body as X documents it, with one direct message event. */
function body(event: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    for_user_id: ACCOUNT,
    direct_message_events: [event],
    apps: { '13090192': { id: '13090192', name: 'Some app', url: 'https://example.com' } },
    users: {
      [CUSTOMER]: { id: CUSTOMER, name: 'Jordan Brinks', screen_name: 'furiouscamper' },
      [ACCOUNT]: { id: ACCOUNT, name: 'Parley Shop', screen_name: 'parleyshop' },
    },
    ...extra,
  };
}

function dm(from: string, to: string, messageData: Record<string, unknown>, id = '954491830116155396') {
  return {
    type: 'message_create',
    id,
    created_timestamp: '1516403560557',
    message_create: { target: { recipient_id: to }, sender_id: from, message_data: messageData },
  };
}

describe("X's Account Activity webhooks", () => {
  it("reads a customer's message, named from the users map", () => {
    expect(normaliseXWebhook(body(dm(CUSTOMER, ACCOUNT, { text: 'Hello World!' })))).toEqual([
      {
        kind: 'message',
        platform: 'twitter',
        pageId: ACCOUNT,
        userId: CUSTOMER,
        mid: '954491830116155396',
        content: 'Hello World!',
        attachments: [],
        sentAt: '2018-01-19T23:12:40.557Z',
        profileName: 'Jordan Brinks',
      },
    ]);
  });

  it("reads the account's own message as an echo, with the app that sent it", () => {
    const event = dm(ACCOUNT, CUSTOMER, { text: 'Answered from the X app' });
    (event.message_create as Record<string, unknown>).source_app_id = '13090192';
    expect(normaliseXWebhook(body(event))).toEqual([
      {
        kind: 'echo',
        platform: 'twitter',
        pageId: ACCOUNT,
        recipientId: CUSTOMER,
        mid: '954491830116155396',
        content: 'Answered from the X app',
        appId: '13090192',
        sentAt: '2018-01-19T23:12:40.557Z',
      },
    ]);
  });

  it('gives a photo as a link, and writes t.co links out in full', () => {
    const [message] = normaliseXWebhook(
      body(
        dm(CUSTOMER, ACCOUNT, {
          text: 'See https://t.co/abc and this https://t.co/media1',
          entities: { urls: [{ url: 'https://t.co/abc', expanded_url: 'https://shop.example/item/7' }] },
          attachment: {
            type: 'media',
            media: {
              type: 'photo',
              url: 'https://t.co/media1',
              media_url_https: 'https://pbs.twimg.com/dm_gif/1/photo.jpg',
            },
          },
        }),
      ),
    );
    expect(message).toMatchObject({
      content: 'See https://shop.example/item/7 and this',
      attachments: [{ type: 'image', url: 'https://pbs.twimg.com/dm_gif/1/photo.jpg' }],
    });
  });

  it("gives a video's best mp4, and says [video] when there is no text", () => {
    const [message] = normaliseXWebhook(
      body(
        dm(CUSTOMER, ACCOUNT, {
          text: 'https://t.co/v',
          attachment: {
            type: 'media',
            media: {
              type: 'video',
              url: 'https://t.co/v',
              media_url_https: 'https://pbs.twimg.com/thumb.jpg',
              video_info: {
                variants: [
                  { bitrate: 320000, content_type: 'video/mp4', url: 'https://video.twimg.com/low.mp4' },
                  { content_type: 'application/x-mpegURL', url: 'https://video.twimg.com/v.m3u8' },
                  { bitrate: 2176000, content_type: 'video/mp4', url: 'https://video.twimg.com/high.mp4' },
                ],
              },
            },
          },
        }),
      ),
    );
    expect(message).toMatchObject({
      content: '[video]',
      attachments: [{ type: 'video', url: 'https://video.twimg.com/high.mp4' }],
    });
  });

  it('names a customer the users map lacks by nothing, and one without a name by their handle', () => {
    const stranger = normaliseXWebhook(body(dm('999', ACCOUNT, { text: 'hi' })));
    expect(stranger[0]).toMatchObject({ userId: '999', profileName: undefined });
    const handleOnly = normaliseXWebhook(
      body(dm('999', ACCOUNT, { text: 'hi' }), { users: { '999': { id: '999', screen_name: 'quiet' } } }),
    );
    expect(handleOnly[0]).toMatchObject({ profileName: '@quiet' });
  });

  it('leaves out what is not a direct message, and anything malformed', () => {
    expect(normaliseXWebhook({ for_user_id: ACCOUNT, direct_message_indicate_typing_events: [{}] })).toEqual(
      [],
    );
    expect(normaliseXWebhook({ for_user_id: ACCOUNT, tweet_create_events: [{ id: '1' }] })).toEqual([]);
    expect(
      normaliseXWebhook(body({ ...dm(CUSTOMER, ACCOUNT, { text: 'x' }), type: 'message_delete' })),
    ).toEqual([]);
    expect(normaliseXWebhook(body({ ...dm(CUSTOMER, ACCOUNT, { text: 'x' }), id: undefined }))).toEqual([]);
    expect(
      normaliseXWebhook(body({ ...dm(CUSTOMER, ACCOUNT, { text: 'x' }), created_timestamp: 'soon' })),
    ).toEqual([]);
    expect(normaliseXWebhook(body(dm(CUSTOMER, 'someone-else', { text: 'x' })))).toEqual([]);
    expect(normaliseXWebhook(null)).toEqual([]);
    expect(normaliseXWebhook({ direct_message_events: [dm(CUSTOMER, ACCOUNT, { text: 'x' })] })).toEqual([]);
  });

  it('reads every event of a batch', () => {
    const events = normaliseXWebhook({
      ...body(dm(CUSTOMER, ACCOUNT, { text: 'one' }, '1')),
      direct_message_events: [
        dm(CUSTOMER, ACCOUNT, { text: 'one' }, '1'),
        dm(CUSTOMER, ACCOUNT, { text: 'two' }, '2'),
      ],
    });
    expect(events.map((event) => event.kind === 'message' && event.content)).toEqual(['one', 'two']);
  });
});
