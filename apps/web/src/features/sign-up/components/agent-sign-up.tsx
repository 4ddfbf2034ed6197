import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { rememberedSiteId, siteIdFromSearch } from '@/lib/site';
import { useSignUpConfiguration } from '../api/get-sign-up-configuration';
import { SignUpForm } from './sign-up-form';

/** AgentSignUp (the site's own form) and AgentSignUpGeneric (the standard one) for ?SiteId=. */
export function AgentSignUp({ generic }: { generic: boolean }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const siteId = siteIdFromSearch(search) ?? rememberedSiteId();
  if (siteId === null) {
    return (
      <div className="alert alert--error" role="alert">
        {t('signUp.noSite')}
      </div>
    );
  }
  return <SiteSignUp siteId={siteId} generic={generic} />;
}

function SiteSignUp({ siteId, generic }: { siteId: number; generic: boolean }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const config = useSignUpConfiguration(siteId);
  if (config.isPending) return <p role="status">{t('common.loading')}</p>;
  if (config.isError) {
    return (
      <ErrorState message={errorMessage(config.error)} onRetry={() => void config.refetch()} />
    );
  }
  // A site without a form of its own uses the standard one, under its own path.
  if (!generic && config.data.IsGeneric) {
    return <Navigate to={`${paths.agentSignUpGeneric}?SiteId=${siteId}`} replace />;
  }
  return <SignUpForm config={config.data} generic={generic} />;
}
