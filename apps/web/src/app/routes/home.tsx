import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAgentStore } from '@/stores/agent-store';

export function HomeRedirect() {
  const signedIn = useAgentStore((s) => s.session !== null);
  const player = useAgentStore((s) => s.player !== null);
  if (player) return <Navigate to={paths.changePassword} replace />;
  return <Navigate to={signedIn ? paths.weeklyBalance : paths.login} replace />;
}
