// A site's captcha: which provider it uses (hCaptcha or Turnstile), the widget's script and the
// origins the sign-up page must let in for it, and the server-side check against the provider's
// verify endpoint (both speak the same form: secret, response, remoteip; answer { success }).
import { z } from 'zod';
import type { CaptchaProvider, SignUpCaptcha } from '@backline/contract';
import { ServiceUnavailableError, ValidationError } from '../errors.ts';

interface ProviderDef {
  /** The widget's script; it is loaded with ?render=explicit and renders where the form says. */
  script: URL;
  verify: string;
  /** Every origin the widget loads from, frames or calls (the provider's own CSP guidance). */
  origins: readonly string[];
}

const PROVIDERS: Record<CaptchaProvider, ProviderDef> = {
  hcaptcha: {
    script: new URL('https://js.hcaptcha.com/1/api.js'),
    verify: 'https://api.hcaptcha.com/siteverify',
    origins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    script: new URL('https://challenges.cloudflare.com/turnstile/v0/api.js'),
    verify: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    origins: ['https://challenges.cloudflare.com'],
  },
};

/** Where a deployment (or a test) reaches the provider instead of its public addresses. */
export interface CaptchaEndpoints {
  /** The verify endpoint, for every site (default: the provider's). */
  verifyUrl: string | undefined;
  /** The origin the widget's script is loaded from, the provider's path kept (default: the provider's). */
  scriptOrigin: string | undefined;
}

export function captchaEndpoints(config: {
  captchaVerifyUrl: string | undefined;
  captchaScriptOrigin: string | undefined;
}): CaptchaEndpoints {
  return { verifyUrl: config.captchaVerifyUrl, scriptOrigin: config.captchaScriptOrigin };
}

/** The captcha part of a site's sign-up configuration (sign_up_config.CaptchaProvider). */
const SiteCaptcha = z.object({
  CaptchaProvider: z.enum(['hcaptcha', 'turnstile']).catch('hcaptcha').default('hcaptcha'),
});

export interface SiteCaptchaSettings {
  signUpConfig: unknown;
  captchaSiteKey: string | null;
  captchaSecret: string | null;
}

export interface ResolvedCaptcha {
  provider: CaptchaProvider;
  siteKey: string;
  secret: string;
  scriptUrl: string;
  verifyUrl: string;
  /** Exactly the origins the sign-up page's CSP must allow for the widget. */
  origins: readonly string[];
}

/**
 * The site's captcha, or null when it has no keys (captcha off). The provider is the one the
 * site's sign-up configuration names (hCaptcha when it names none).
 */
export function siteCaptcha(
  site: SiteCaptchaSettings,
  at: CaptchaEndpoints,
): ResolvedCaptcha | null {
  if (!site.captchaSiteKey || !site.captchaSecret) return null;
  const config =
    site.signUpConfig && typeof site.signUpConfig === 'object' ? site.signUpConfig : {};
  const provider = SiteCaptcha.parse(config).CaptchaProvider;
  const def = PROVIDERS[provider];
  const script = new URL(def.script);
  if (at.scriptOrigin) {
    const origin = new URL(at.scriptOrigin);
    script.protocol = origin.protocol;
    script.host = origin.host;
  }
  script.searchParams.set('render', 'explicit');
  return {
    provider,
    siteKey: site.captchaSiteKey,
    secret: site.captchaSecret,
    scriptUrl: script.href,
    verifyUrl: at.verifyUrl ?? def.verify,
    origins: at.scriptOrigin ? [new URL(at.scriptOrigin).origin] : def.origins,
  };
}

/** What the sign-up form needs to render the widget. */
export function captchaForForm(captcha: ResolvedCaptcha | null): SignUpCaptcha | null {
  return captcha
    ? { Provider: captcha.provider, SiteKey: captcha.siteKey, ScriptUrl: captcha.scriptUrl }
    : null;
}

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
