import { afterEach, describe, expect, it, vi } from 'vitest';
import { ceremonyFailure, passkeySupport } from './support';

afterEach(() => vi.unstubAllGlobals());

/** A browser page: WebAuthn or not, and a permissions policy that knows and allows what it is told. */
function page(webauthn: boolean, policy?: { known: string[]; allowed: string[] }) {
  vi.stubGlobal('window', webauthn ? { PublicKeyCredential: class {} } : {});
  vi.stubGlobal(
    'document',
    policy
      ? {
          featurePolicy: {
            features: () => policy.known,
            allowsFeature: (f: string) => policy.allowed.includes(f),
          },
        }
      : {},
  );
}

describe('passkey support', () => {
  it('is missing without WebAuthn', () => {
    page(false);
    expect(passkeySupport('publickey-credentials-get')).toBe('unsupported');
  });

  it('is blocked in a frame whose page does not delegate the permission', () => {
    const known = ['publickey-credentials-get', 'publickey-credentials-create'];
    page(true, { known, allowed: ['publickey-credentials-get'] });
    expect(passkeySupport('publickey-credentials-get')).toBe('ready');
    expect(passkeySupport('publickey-credentials-create')).toBe('frame-blocked');
  });

  it('is ready where the browser does not know the permission (it cannot refuse it)', () => {
    page(true, { known: ['publickey-credentials-get'], allowed: [] });
    expect(passkeySupport('publickey-credentials-create')).toBe('ready');
    page(true);
    expect(passkeySupport('publickey-credentials-create')).toBe('ready');
  });
});

describe('a failed ceremony', () => {
  const failure = (name: string, message = '') => ceremonyFailure(new DOMException(message, name));

  it('in a frame not allowed to ask is told apart from a cancel', () => {
    expect(
      failure(
        'NotAllowedError',
        "The 'publickey-credentials-get' feature is not enabled in this document. Permissions Policy may be used to delegate Web Authentication capabilities to cross-origin child frames.",
      ),
    ).toBe('frame-blocked');
    expect(
      failure('SecurityError', 'The relying party ID is not a registrable domain suffix'),
    ).toBe('frame-blocked');
    expect(failure('NotAllowedError', 'The operation either timed out or was not allowed.')).toBe(
      'cancelled',
    );
    expect(failure('AbortError')).toBe('cancelled');
  });

  it('names an authenticator that already holds a passkey, and leaves other errors alone', () => {
    expect(failure('InvalidStateError')).toBe('already-registered');
    expect(ceremonyFailure(new Error('Server error'))).toBeNull();
    expect(ceremonyFailure('not an error')).toBeNull();
  });
});
