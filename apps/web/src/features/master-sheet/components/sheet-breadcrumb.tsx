import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAgentStore } from '@/stores/agent-store';
import { masterSheetUrl } from './use-master-sheet-filters';

/** The sheets from the reader's own down to the one open, each a way back up. */
export function SheetBreadcrumb({ idAgent, week }: { idAgent: number; week: string }) {
  const { t } = useTranslation();
  const self = useAgentStore((s) => s.agent?.IdAgent);
  const agents = useAgentStore((s) => s.subAgents);
  if (self === undefined || idAgent === self) return null;
  const chain = [];
  for (let at = agents.find((a) => a.IdAgent === idAgent); at;) {
    chain.unshift(at);
    if (at.IdAgent === self) break;
    const parent = at.IdParent;
    at = agents.find((a) => a.IdAgent === parent);
  }
  return (
    <nav className="master-sheet__crumbs" aria-label={t('masterSheet.breadcrumb')}>
      <ol>
        {chain.map((a, i) =>
          i === chain.length - 1 ? (
            <li key={a.IdAgent} aria-current="page">
              {a.Login}
            </li>
          ) : (
            <li key={a.IdAgent}>
              <Link to={masterSheetUrl(paths.masterSheet, a.IdAgent, week)}>
                {a.IdAgent === self ? t('masterSheet.yourSheet') : a.Login}
              </Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
