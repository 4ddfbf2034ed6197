// The site's captcha widget (hCaptcha or Turnstile): the provider's script, loaded only on the
// sign-up page whose CSP lets it in, renders into the form and hands back a one-time token.
import type { SignUpCaptcha } from '@backline/contract/calls/sign-up';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What both providers' scripts put on window, in the part the form uses. */
interface ProviderApi {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | number;
  reset: (widgetId?: string | number) => void;
  remove?: (widgetId: string | number) => void;
}

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`The captcha script ${src} did not load`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function providerApi(captcha: SignUpCaptcha): ProviderApi | null {
  const found = (window as unknown as Record<string, unknown>)[captcha.Provider];
  return found && typeof (found as ProviderApi).render === 'function'
    ? (found as ProviderApi)
    : null;
}

interface CaptchaWidgetProps {
  captcha: SignUpCaptcha;
  label: string;
  /** The solved token, or null when none is (yet, or any longer) valid. */
  onToken: (token: string | null) => void;
  /** Changed by the form after a token was spent (a refused filing): the widget starts over. */
  round: number;
  error?: string | undefined;
}

export function CaptchaWidget({ captcha, label, onToken, round, error }: CaptchaWidgetProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | number | null>(null);
  const tokenTo = useRef(onToken);
  useLayoutEffect(() => {
    tokenTo.current = onToken;
  });
  const [failed, setFailed] = useState(false);
  const language = i18n.language === 'es' ? 'es' : 'en';

  useEffect(() => {
    let cancelled = false;
    loadScript(captcha.ScriptUrl)
      .then(() => {
        const api = providerApi(captcha);
        if (cancelled || !container.current) return;
        if (!api) throw new Error(`The ${captcha.Provider} script defines no widget`);
        widget.current = api.render(container.current, {
          sitekey: captcha.SiteKey,
          // hCaptcha reads hl, Turnstile language; each ignores the other's.
          ...(captcha.Provider === 'hcaptcha' ? { hl: language } : { language }),
          callback: (token: unknown) => tokenTo.current(typeof token === 'string' ? token : null),
          'expired-callback': () => tokenTo.current(null),
          'error-callback': () => tokenTo.current(null),
        });
      })
      .catch((e: unknown) => {
        console.error(e);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      const id = widget.current;
      widget.current = null;
      if (id !== null) providerApi(captcha)?.remove?.(id);
    };
  }, [captcha, language]);

  useEffect(() => {
    if (round === 0 || widget.current === null) return;
    providerApi(captcha)?.reset(widget.current);
    tokenTo.current(null);
  }, [round, captcha]);

  return (
    <div className="field sign-up__wide" role="group" aria-label={label}>
      <span className="field__label">{label}</span>
      <div ref={container} className="sign-up__widget" />
      {failed && (
        <p className="field__error" role="alert">
          {t('signUp.captchaLoadFailed')}
        </p>
      )}
      {error && !failed && <p className="field__error">{error}</p>}
    </div>
  );
}
