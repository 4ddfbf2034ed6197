import { useRef, type ReactNode } from 'react';
import { LanguageSelect } from '@/components/ui/language-select';
import { useHeaderBottom } from './use-header-bottom';
import './shell.css';

/** Frame of the signed-out screens (log-in and errors): brand and language, then the content. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const header = useRef<HTMLElement>(null);
  useHeaderBottom(header);
  return (
    <div className="public-layout">
      <header ref={header} className="app-header">
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
