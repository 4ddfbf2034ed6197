// Whether a passkey can be used here: the browser has WebAuthn, and a page framing Backline lets
// the frame use it (allow="publickey-credentials-get *; publickey-credentials-create *").
export type PasskeyFeature = 'publickey-credentials-create' | 'publickey-credentials-get';
export type PasskeySupport = 'ready' | 'unsupported' | 'frame-blocked';

/** The permissions policy of the document, under either name browsers give it. */
interface PolicyDocument {
  permissionsPolicy?: Policy;
  featurePolicy?: Policy;
}
interface Policy {
  allowsFeature(feature: string): boolean;
  features?(): string[];
}

export function passkeySupport(feature: PasskeyFeature): PasskeySupport {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return 'unsupported';
  const doc = document as unknown as PolicyDocument;
  const policy = doc.permissionsPolicy ?? doc.featurePolicy;
  // Only a feature the browser knows can be refused; one it does not know says nothing.
  if (policy?.features?.().includes(feature) && !policy.allowsFeature(feature)) {
    return 'frame-blocked';
  }
  return 'ready';
}

/** What a failed ceremony means for the person: the frame refused it, they cancelled, or a repeat. */
export type CeremonyFailure = 'frame-blocked' | 'cancelled' | 'already-registered';

export function ceremonyFailure(error: unknown): CeremonyFailure | null {
  if (!(error instanceof Error)) return null;
  switch (error.name) {
    case 'SecurityError':
      return 'frame-blocked';
    case 'NotAllowedError':
      // Browsers name the permissions policy when a frame is not allowed; otherwise it was cancelled
      // or timed out.
      return /feature|permissions? policy/i.test(error.message) ? 'frame-blocked' : 'cancelled';
    case 'InvalidStateError':
      return 'already-registered';
    case 'AbortError':
      return 'cancelled';
    default:
      return null;
  }
}
