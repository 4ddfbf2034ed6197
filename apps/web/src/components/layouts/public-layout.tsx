import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/ui/language-select';

/** Frame of the signed-out screens (log-in and errors): brand and language, then the content. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <header className="app-header">
        <div className="app-header__bar">
          <span className="brand">
            <span className="brand__mark" aria-hidden="true">
              B
            </span>
            Backline
          </span>
          <LanguageSelect className="language-select--header" />
        </div>
      </header>
      <main id="main" className="public-layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
