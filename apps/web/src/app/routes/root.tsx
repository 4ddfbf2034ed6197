import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Toasts } from '@/components/ui/toasts';
import { paths } from '@/config/paths';
import { useEmbedderLanguage, useLanguageSync } from '@/lib/language';
import { onSessionRefused } from '@/lib/session-events';

/** The root screen: routed screens, with the busy overlay and the toasts above them. */
export function RootLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useLanguageSync();
  useEmbedderLanguage();
  useEffect(
    () => onSessionRefused(() => void navigate(paths.unauthorized, { replace: true })),
    [navigate],
  );
  return (
    <>
      {children}
      <LoadingOverlay />
      <Toasts />
    </>
  );
}
