import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { Screen, TransitionProvider, useDelayedLocation } from './route-transition';
import { AccountLayout } from './routes/account-layout';
import { AgentLayout } from './routes/agent-layout';
import { HomeRedirect } from './routes/home';
import Login from './routes/login';
import { RootLayout } from './routes/root';

// Each screen is its own lazy chunk, so the log-in path never downloads a report. The log-in
// screen alone is in the entry: the agent sites frame it cold, and a lazy first screen would wait
// for one more request and then for React's hold before it reveals suspended content.
const NotFound = lazy(() => import('./routes/not-found'));
const Unauthorized = lazy(() => import('./routes/unauthorized'));
const WeeklyBalance = lazy(() => import('./routes/weekly-balance'));
const CashFlow = lazy(() => import('./routes/cash-flow'));
const AgentPayments = lazy(() => import('./routes/agent-payments'));
const PlayerPayment = lazy(() => import('./routes/player-payment'));
const PlayerHistory = lazy(() => import('./routes/player-history'));
const Players = lazy(() => import('./routes/players'));
const Player = lazy(() => import('./routes/player'));
const Watch = lazy(() => import('./routes/watch'));
const Live = lazy(() => import('./routes/live'));
const Position = lazy(() => import('./routes/position'));
const Hold = lazy(() => import('./routes/hold'));
const Alerts = lazy(() => import('./routes/alerts'));
const Security = lazy(() => import('./routes/security'));
const AuditLog = lazy(() => import('./routes/audit-log'));
const SharedDevices = lazy(() => import('./routes/shared-devices'));
const Sessions = lazy(() => import('./routes/sessions'));
const PlayerStanding = lazy(() => import('./routes/player-standing'));
const NewWeeklyBalance = lazy(() => import('./routes/new-weekly-balance'));
const WagerCenter = lazy(() => import('./routes/wager-center'));
const DeleteWager = lazy(() => import('./routes/delete-wager'));
const BeatTheLine = lazy(() => import('./routes/beat-the-line'));
const ActionByPlayer = lazy(() => import('./routes/action-by-player'));
const ChangePassword = lazy(() => import('./routes/change-password'));
const ChangeAgentPassword = lazy(() => import('./routes/change-agent-password'));
const AgentSignUp = lazy(() => import('./routes/agent-sign-up'));
const AgentSignUpGeneric = lazy(() => import('./routes/agent-sign-up-generic'));
const AgentSignUps = lazy(() => import('./routes/agent-sign-ups'));
const LimitRequests = lazy(() => import('./routes/limit-requests'));
const AgentNotifications = lazy(() => import('./routes/agent-notifications'));
const AgentTree = lazy(() => import('./routes/agent-tree'));
const ExportExcel = lazy(() => import('./routes/export-excel'));
const Integration = lazy(() => import('./routes/integration'));
const AgentSettings = lazy(() => import('./routes/agent-settings'));
const MasterSheet = lazy(() => import('./routes/master-sheet'));

export function AppRoutes() {
  const { location, transition } = useDelayedLocation();
  return (
    <RootLayout>
      <TransitionProvider value={transition}>
        <Suspense fallback={null}>
          <Routes location={location}>
            <Route index element={<HomeRedirect />} />
            <Route
              path={paths.login}
              element={
                <Screen>
                  <Login />
                </Screen>
              }
            />
            <Route
              path={paths.notFound}
              element={
                <Screen>
                  <NotFound />
                </Screen>
              }
            />
            <Route
              path={paths.unauthorized}
              element={
                <Screen>
                  <Unauthorized />
                </Screen>
              }
            />
            <Route
              path={paths.agentSignUp}
              element={
                <Screen>
                  <AgentSignUp />
                </Screen>
              }
            />
            <Route
              path={paths.agentSignUpGeneric}
              element={
                <Screen>
                  <AgentSignUpGeneric />
                </Screen>
              }
            />
            <Route element={<AccountLayout />}>
              <Route path={paths.changePassword} element={<ChangePassword />} />
              <Route path={paths.sessions} element={<Sessions />} />
            </Route>
            <Route element={<AgentLayout />}>
              <Route path={paths.changeAgentPassword} element={<ChangeAgentPassword />} />
              <Route path={paths.agentSignUps} element={<AgentSignUps />} />
              <Route path={paths.integration} element={<Integration />} />
              <Route path={paths.weeklyBalance} element={<WeeklyBalance />} />
              <Route path={paths.cashFlow} element={<CashFlow />} />
              <Route path={paths.agentPayments} element={<AgentPayments />} />
              <Route path={paths.masterSheet} element={<MasterSheet />} />
              <Route path={paths.playerPayment} element={<PlayerPayment />} />
              <Route path={paths.playerHistory} element={<PlayerHistory />} />
              <Route path={paths.players} element={<Players />} />
              <Route path={paths.player} element={<Player />} />
              <Route path={paths.watch} element={<Watch />} />
              <Route path={paths.live} element={<Live />} />
              <Route path={paths.position} element={<Position />} />
              <Route path={paths.hold} element={<Hold />} />
              <Route path={paths.alerts} element={<Alerts />} />
              <Route path={paths.security} element={<Security />} />
              <Route path={paths.auditLog} element={<AuditLog />} />
              <Route path={paths.sharedDevices} element={<SharedDevices />} />
              <Route path={paths.playerStanding} element={<PlayerStanding />} />
              <Route path={paths.newWeeklyBalance} element={<NewWeeklyBalance />} />
              <Route path={paths.wagerCenter} element={<WagerCenter />} />
              <Route path={paths.deleteWager} element={<DeleteWager />} />
              <Route path={paths.beatTheLine} element={<BeatTheLine />} />
              <Route path={paths.actionByPlayer} element={<ActionByPlayer />} />
              <Route path={paths.agentNotifications} element={<AgentNotifications />} />
              <Route path={paths.agentTree} element={<AgentTree />} />
              <Route path={paths.agentSettings} element={<AgentSettings />} />
              <Route path={paths.limitRequests} element={<LimitRequests />} />
              <Route path={paths.exportExcel} element={<ExportExcel />} />
            </Route>
            <Route path="*" element={<Navigate to={paths.notFound} replace />} />
          </Routes>
        </Suspense>
      </TransitionProvider>
    </RootLayout>
  );
}
