import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAgentStore } from '@/stores/agent-store';

export function HomeRedirect() {
  const signedIn = useAgentStore((s) => s.session !== null);
  return <Navigate to={signedIn ? paths.weeklyBalance : paths.login} replace />;
}
