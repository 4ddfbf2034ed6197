// Route fade of SPEC.md §9: the leaving screen fades out in 200 ms, then the entering one fades
// in over 300 ms. Only navigations the agent makes are animated: the first page load and
// redirects (replace navigations) show at once, and so does everything under reduced motion.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import './route-transition.css';

const LEAVE_MS = 200;
interface Transition {
  leaving: boolean;
  entering: boolean;
}
const TransitionContext = createContext<Transition>({ leaving: false, entering: false });

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The location to render: it lags behind the real one while the previous screen fades out. */
export function useDelayedLocation(): { location: Location; transition: Transition } {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [firstKey] = useState(location.key);
  const [shown, setShown] = useState(location);
  const animated =
    navigationType !== 'REPLACE' && location.key !== firstKey && !prefersReducedMotion();
  const leaving = animated && shown.pathname !== location.pathname;
  // Filter changes (same screen) and redirects go through at once, during this very render.
  if (!leaving && shown !== location) setShown(location);

  useEffect(() => {
    if (!leaving) return;
    const id = window.setTimeout(() => setShown(location), LEAVE_MS);
    return () => window.clearTimeout(id);
  }, [leaving, location]);

  return { location: shown, transition: { leaving, entering: animated } };
}

export const TransitionProvider = TransitionContext.Provider;

/** One routed screen: fades in when an agent's navigation brings it, fades out when it leaves. */
export function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenFrame key={pathname}>{children}</ScreenFrame>;
}

function ScreenFrame({ children }: { children: ReactNode }) {
  const { leaving, entering } = useContext(TransitionContext);
  // Decided once, when the screen mounts: later filter changes on the same screen do not fade it.
  const [fadeIn] = useState(entering);
  const className = leaving
    ? 'screen screen--leaving'
    : fadeIn
      ? 'screen screen--entering'
      : 'screen';
  return <div className={className}>{children}</div>;
}
