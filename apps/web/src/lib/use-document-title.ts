import { useEffect } from 'react';

/** Names the tab (and the frame, for assistive technology) after the screen shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Backline` : 'Backline';
  }, [title]);
}
