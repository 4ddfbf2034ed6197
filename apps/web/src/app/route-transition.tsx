// Route fade of SPEC.md §9: the leaving screen fades out in 200 ms, then the entering one fades
// in over 300 ms. Redirects (replace navigations) and reduced motion skip the wait.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const LEAVE_MS = 200;
const LeavingContext = createContext(false);

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The location to render: it lags behind the real one while the previous screen fades out. */
export function useDelayedLocation(): { location: Location; leaving: boolean } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [shown, setShown] = useState(location);
  const leaving =
    shown.pathname !== location.pathname && navigationType !== 'REPLACE' && !prefersReducedMotion();
  // Filter changes (same screen) and redirects go through at once, during this very render.
  if (!leaving && shown !== location) setShown(location);

  useEffect(() => {
    if (!leaving) return;
    const id = window.setTimeout(() => setShown(location), LEAVE_MS);
    return () => window.clearTimeout(id);
  }, [leaving, location]);

  return { location: shown, leaving };
}

export const LeavingProvider = LeavingContext.Provider;

/** One routed screen: mounts with the fade-in, carries the fade-out while it is leaving. */
export function Screen({ children }: { children: ReactNode }) {
  const leaving = useContext(LeavingContext);
  const { pathname } = useLocation();
  return (
    <div key={pathname} className={leaving ? 'screen screen--leaving' : 'screen'}>
      {children}
    </div>
  );
}
