import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes where the header ends on screen as `--header-bottom`, so toasts (rendered outside the
 * layouts) sit below its controls however tall it grows (a banner, a second line, an open menu).
 */
export function useHeaderBottom(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(
        '--header-bottom',
        `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`,
      );
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', update);
      root.style.removeProperty('--header-bottom');
    };
  }, [ref]);
}
