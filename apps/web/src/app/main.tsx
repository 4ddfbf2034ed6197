import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/global.css';
import '@/components/ui/card.css';
import '@/components/ui/stack-list.css';
import { env } from '@/config/env';
import { keepLoginShell, resumeSession } from '@/features/auth';
import { initI18n } from '@/lib/i18n';
import { rememberSiteId } from '@/lib/site';
import { useAgentStore } from '@/stores/agent-store';
import { App } from './app';

console.log(env.buildLabel);
rememberSiteId(window.location.search);

const { language } = useAgentStore.getState();
document.documentElement.lang = language;

// The first paint waits for the translations, so no screen ever flashes raw keys; in a frame
// without storage it first asks for the session kept over a reload (the agent's language with it).
void resumeSession()
  .then(() => initI18n(useAgentStore.getState().language))
  .then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('index.html has no #root element');
    keepLoginShell(root);
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
