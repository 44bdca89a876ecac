import {
  signClickLink,
  signOpenLink,
  signUnsubscribeLink,
  verifyClickLink,
  verifyOpenLink,
  verifyUnsubscribeLink,
} from './email-links';

const SUBSCRIBER = '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
const CAMPAIGN = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('unsubscribe links', () => {
  it('verifies what was signed, with or without a campaign', () => {
    for (const link of [{ subscriberId: SUBSCRIBER, campaignId: CAMPAIGN }, { subscriberId: SUBSCRIBER }]) {
      expect(verifyUnsubscribeLink('secret', signUnsubscribeLink('secret', link))).toEqual(link);
    }
  });

  it('refuses a token altered in any part, signed with another secret, or malformed', () => {
    const token = signUnsubscribeLink('secret', { subscriberId: SUBSCRIBER, campaignId: CAMPAIGN });
    const [subscriber, campaign, mac] = token.split('.');
    const other = '1b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
    for (const forged of [
      `${other}.${campaign}.${mac}`,
      `${subscriber}.-.${mac}`,
      `${subscriber}.${campaign}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      signUnsubscribeLink('other secret', { subscriberId: SUBSCRIBER, campaignId: CAMPAIGN }),
      `${subscriber}.${campaign}`,
      '',
      `${token}x`,
    ]) {
      expect(verifyUnsubscribeLink('secret', forged)).toBeUndefined();
    }
  });
});

describe('tracking links', () => {
  const DELIVERY = SUBSCRIBER;
  const OTHER = '1b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
  const URL = 'https://shop.example/spring?utm=mail';

  it('verifies an open pixel of its delivery only', () => {
    const token = signOpenLink('secret', DELIVERY);
    expect(verifyOpenLink('secret', token)).toBe(DELIVERY);
    for (const forged of [
      token.replace(DELIVERY, OTHER),
      `${token}x`,
      signOpenLink('other secret', DELIVERY),
      '',
    ]) {
      expect(verifyOpenLink('secret', forged)).toBeUndefined();
    }
    // A click token is not an open token.
    expect(verifyOpenLink('secret', signClickLink('secret', DELIVERY, URL))).toBeUndefined();
  });

  it('verifies a click only with the URL it was signed for, under its delivery', () => {
    const token = signClickLink('secret', DELIVERY, URL);
    expect(verifyClickLink('secret', token, URL)).toBe(DELIVERY);
    expect(verifyClickLink('secret', token, 'https://evil.example/')).toBeUndefined();
    expect(verifyClickLink('secret', token, `${URL}&x=1`)).toBeUndefined();
    expect(verifyClickLink('secret', token.replace(DELIVERY, OTHER), URL)).toBeUndefined();
    expect(verifyClickLink('secret', signOpenLink('secret', DELIVERY), URL)).toBeUndefined();
  });
});
