// The interface language has one source, the store; i18next and <html lang> follow it. The
// embedding agent site may change it with a postMessage, accepted only from the frame's parent.
import { Language } from '@backline/contract/core/enums';
import { useEffect } from 'react';
import { useAgentStore } from '@/stores/agent-store';
import { i18next } from './i18n';

export function useLanguageSync(): void {
  const language = useAgentStore((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = language;
    if (i18next.language !== language) void i18next.changeLanguage(language);
  }, [language]);
}

function embedderOrigin(): string | null {
  if (window.parent === window || !document.referrer) return null;
  try {
    return new URL(document.referrer).origin;
  } catch {
    return null;
  }
}

export function useEmbedderLanguage(): void {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const origin = embedderOrigin();
      if (origin === null || event.source !== window.parent || event.origin !== origin) return;
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { type, value } = data as { type?: unknown; value?: unknown };
      if (type !== 'language') return;
      const parsed = Language.safeParse(value);
      if (!parsed.success) return;
      const { language, setLanguage } = useAgentStore.getState();
      if (parsed.data !== language) setLanguage(parsed.data, true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
