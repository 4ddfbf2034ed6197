// Server-side captcha check against the provider's verify endpoint (reCAPTCHA and hCaptcha speak the same form).
import { ServiceUnavailableError, ValidationError } from '../errors.ts';

export async function verifyCaptcha(
  verifyUrl: string,
  secret: string,
  token: string | undefined,
  address: string,
): Promise<void> {
  if (!token) throw new ValidationError('captcha_required');
  let success: unknown;
  try {
    const res = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: address }).toString(),
      signal: AbortSignal.timeout(5000),
    });
    success = ((await res.json()) as { success?: unknown }).success;
  } catch {
    throw new ServiceUnavailableError('captcha_unavailable');
  }
  if (success !== true) {
    throw new ValidationError('captcha_failed');
  }
}
