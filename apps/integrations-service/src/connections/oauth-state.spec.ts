import { OAuthStateSigner } from './oauth-state';

const KEY = 'cGFybGV5IGRldmVsb3BtZW50IGtleSwgbm90IHByb2Q=';

describe('OAuthStateSigner', () => {
  const signer = new OAuthStateSigner(KEY, 'app-secret');

  it('gives back the nonce of a state it issued, for the same platform', () => {
    const { nonce, state } = signer.issue('facebook');
    expect(state).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
    expect(state.startsWith(`${nonce}.`)).toBe(true);
    expect(signer.nonceOf('facebook', state)).toBe(nonce);
  });

  it('issues a new nonce every time', () => {
    expect(signer.issue('whatsapp').nonce).not.toBe(signer.issue('whatsapp').nonce);
  });

  it('refuses a state issued for another platform', () => {
    expect(signer.nonceOf('instagram', signer.issue('facebook').state)).toBeUndefined();
  });

  it('refuses a state under another app secret or secrets key', () => {
    const { state } = signer.issue('facebook');
    expect(new OAuthStateSigner(KEY, 'other-secret').nonceOf('facebook', state)).toBeUndefined();
    expect(new OAuthStateSigner('0'.repeat(64), 'app-secret').nonceOf('facebook', state)).toBeUndefined();
  });

  it('refuses a state with any character changed, even in the spare bits of the last one', () => {
    const { state } = signer.issue('facebook');
    const last = state.at(-1) === 'A' ? 'B' : 'A';
    for (const forged of [
      `${state.slice(0, -1)}${last}`,
      `x${state.slice(1)}`,
      state.replace('.', '-'),
      `${state}=`,
      '',
      'not a state',
    ]) {
      expect({ forged, nonce: signer.nonceOf('facebook', forged) }).toEqual({ forged, nonce: undefined });
    }
  });
});
