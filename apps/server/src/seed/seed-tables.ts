// Row shapes and column lists for the seeder's bulk inserts, one per table it fills in volume.
import { WEEK_DAY_KEYS, type IsoDate } from '@backline/contract';
import {
  type DailyRollup,
  type LedgerRowDraft,
  type RollupFigures,
  type WeeklyRollup,
} from '../ledger/ledger-math.ts';
import type { Column } from './bulk-insert.ts';
import type { SeedEvent } from './demo-events.ts';
import type { AgentPaymentDraft } from './demo-org.ts';
import type { PlayerSpec } from './demo-player.ts';

export interface SeedWager {
  id: number;
  siteId: number;
  playerId: number;
  agentId: number;
  ticket: string;
  wagerType: string;
  sport: string;
  description: string;
  currency: string;
  risk: number;
  toWin: number;
  freePlay: boolean;
  status: 'open' | 'graded' | 'deleted';
  result: string;
  amount: number;
  placedAt: Date;
  gradedAt: Date | null;
  gradedDay: IsoDate | null;
  deletedAt: Date | null;
}

export interface SeedLeg {
  wagerId: number;
  eventId: number;
  market: string;
  selection: string;
  lineTaken: number | null;
  oddsTaken: number;
  closingLine: number | null;
  closingOdds: number | null;
  result: string;
}

export interface SeedChange {
  siteId: number;
  wagerId: number;
  playerId: number;
  agentId: number;
  status: 'deleted' | 'regraded';
  changedAt: Date;
  changedBy: string;
  reason: string;
  before: object;
  after: object;
  amount: number;
}

export interface SeedAudit {
  siteId: number;
  actorId: number;
  targetId: number;
  details: object;
  createdAt: Date;
}

const col = <T>(name: string, type: string, value: (row: T) => unknown): Column<T> => ({
  name,
  type,
  value,
});

export interface SeedPlayerRow extends PlayerSpec {
  id: number;
  passwordHash: string;
  balance: number;
  freePlayBalance: number;
  atRisk: number;
}

export const PLAYER_COLUMNS: Column<SeedPlayerRow>[] = [
  col('id', 'int4', (r) => r.id),
  col('site_id', 'int4', (r) => r.siteId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('login', 'text', (r) => r.login),
  col('name', 'text', (r) => r.name),
  col('email', 'text', (r) => r.email),
  col('password_hash', 'text', (r) => r.passwordHash),
  col('currency', 'text', (r) => r.currency),
  col('language', 'text', (r) => r.language),
  col('credit_limit', 'int8', (r) => r.creditLimit),
  col('balance', 'int8', (r) => r.balance),
  col('free_play_balance', 'int8', (r) => r.freePlayBalance),
  col('at_risk', 'int8', (r) => r.atRisk),
  col('settle_figure', 'int8', (r) => r.settleFigure),
  col('max_wager', 'int8', (r) => r.maxWager),
  col('active', 'bool', (r) => r.active),
  col('created_at', 'timestamptz', (r) => r.createdAt),
];

export const EVENT_COLUMNS: Column<SeedEvent>[] = [
  col('id', 'int4', (r) => r.id),
  col('site_id', 'int4', (r) => r.siteId),
  col('sport', 'text', (r) => r.sport),
  col('league', 'text', (r) => r.league),
  col('home', 'text', (r) => r.home),
  col('away', 'text', (r) => r.away),
  col('starts_at', 'timestamptz', (r) => r.startsAt),
  col('home_score', 'int2', (r) => r.homeScore),
  col('away_score', 'int2', (r) => r.awayScore),
  col('status', 'text', (r) => r.status),
];

export const WAGER_COLUMNS: Column<SeedWager>[] = [
  col('id', 'int8', (r) => r.id),
  col('site_id', 'int4', (r) => r.siteId),
  col('player_id', 'int4', (r) => r.playerId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('ticket', 'text', (r) => r.ticket),
  col('wager_type', 'text', (r) => r.wagerType),
  col('sport', 'text', (r) => r.sport),
  col('description', 'text', (r) => r.description),
  col('currency', 'text', (r) => r.currency),
  col('risk', 'int8', (r) => r.risk),
  col('to_win', 'int8', (r) => r.toWin),
  col('free_play', 'bool', (r) => r.freePlay),
  col('status', 'text', (r) => r.status),
  col('result', 'text', (r) => r.result),
  col('amount', 'int8', (r) => r.amount),
  col('placed_at', 'timestamptz', (r) => r.placedAt),
  col('graded_at', 'timestamptz', (r) => r.gradedAt),
  col('graded_day', 'date', (r) => r.gradedDay),
  col('deleted_at', 'timestamptz', (r) => r.deletedAt),
];

export const LEG_COLUMNS: Column<SeedLeg>[] = [
  col('wager_id', 'int8', (r) => r.wagerId),
  col('event_id', 'int4', (r) => r.eventId),
  col('market', 'text', (r) => r.market),
  col('selection', 'text', (r) => r.selection),
  col('line_taken', 'numeric', (r) => r.lineTaken),
  col('odds_taken', 'int4', (r) => r.oddsTaken),
  col('closing_line', 'numeric', (r) => r.closingLine),
  col('closing_odds', 'int4', (r) => r.closingOdds),
  col('result', 'text', (r) => r.result),
];

export const LEDGER_COLUMNS: Column<LedgerRowDraft & { id: number }>[] = [
  col('id', 'int8', (r) => r.id),
  col('site_id', 'int4', (r) => r.siteId),
  col('player_id', 'int4', (r) => r.playerId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('type', 'int2', (r) => r.type),
  col('amount', 'int8', (r) => r.amount),
  col('balance_after', 'int8', (r) => r.balanceAfter),
  col('free_play_after', 'int8', (r) => r.freePlayAfter),
  col('wager_id', 'int8', (r) => r.wagerId),
  col('description', 'text', (r) => r.description),
  col('description_code', 'text', (r) => r.descriptionCode),
  col('description_params', 'jsonb', (r) => r.descriptionParams),
  col('day', 'date', (r) => r.day),
  col('created_at', 'timestamptz', (r) => r.createdAt),
  col('created_by', 'text', (r) => r.createdBy),
  col('idempotency_key', 'text', (r) => r.idempotencyKey),
];

export const PAYMENT_COLUMNS: Column<{ ledgerId: number; method: string; note: string }>[] = [
  col('ledger_id', 'int8', (r) => r.ledgerId),
  col('method', 'text', (r) => r.method),
  col('note', 'text', (r) => r.note),
];

const figures = <T extends RollupFigures>(): Column<T>[] => [
  col('sports', 'int8', (r) => r.sports),
  col('casino', 'int8', (r) => r.casino),
  col('horses', 'int8', (r) => r.horses),
  col('rbl', 'int8', (r) => r.rbl),
  col('payments', 'int8', (r) => r.payments),
  col('receipts', 'int8', (r) => r.receipts),
  col('disbursements', 'int8', (r) => r.disbursements),
  col('adjustments', 'int8', (r) => r.adjustments),
  col('free_play', 'int8', (r) => r.freePlay),
  col('entries', 'int4', (r) => r.entries),
];

export const DAILY_COLUMNS: Column<DailyRollup>[] = [
  col('site_id', 'int4', (r) => r.siteId),
  col('player_id', 'int4', (r) => r.playerId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('day', 'date', (r) => r.day),
  ...figures<DailyRollup>(),
  col('closing', 'int8', (r) => r.closing),
];

export const WEEKLY_COLUMNS: Column<WeeklyRollup>[] = [
  col('site_id', 'int4', (r) => r.siteId),
  col('player_id', 'int4', (r) => r.playerId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('week_start', 'date', (r) => r.weekStart),
  col('carry', 'int8', (r) => r.carry),
  ...figures<WeeklyRollup>(),
  ...WEEK_DAY_KEYS.map((key) => col(key, 'int8', (r: WeeklyRollup) => r[key])),
  col('ending', 'int8', (r) => r.ending),
];

export const CHANGE_COLUMNS: Column<SeedChange>[] = [
  col('site_id', 'int4', (r) => r.siteId),
  col('wager_id', 'int8', (r) => r.wagerId),
  col('player_id', 'int4', (r) => r.playerId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('status', 'text', (r) => r.status),
  col('changed_at', 'timestamptz', (r) => r.changedAt),
  col('changed_by', 'text', (r) => r.changedBy),
  col('reason', 'text', (r) => r.reason),
  col('before', 'jsonb', (r) => r.before),
  col('after', 'jsonb', (r) => r.after),
  col('amount', 'int8', (r) => r.amount),
];

export const AUDIT_COLUMNS: Column<SeedAudit>[] = [
  col('site_id', 'int4', (r) => r.siteId),
  col('actor_kind', 'text', () => 'agent'),
  col('actor_id', 'int4', (r) => r.actorId),
  col('action', 'text', () => 'wager.delete'),
  col('target_kind', 'text', () => 'wager'),
  col('target_id', 'int8', (r) => r.targetId),
  col('details', 'jsonb', (r) => r.details),
  col('created_at', 'timestamptz', (r) => r.createdAt),
];

export const AGENT_PAYMENT_COLUMNS: Column<AgentPaymentDraft>[] = [
  col('site_id', 'int4', (r) => r.siteId),
  col('agent_id', 'int4', (r) => r.agentId),
  col('master_id', 'int4', (r) => r.masterId),
  col('amount', 'int8', (r) => r.amount),
  col('currency', 'text', (r) => r.currency),
  col('method', 'text', (r) => r.method),
  col('note', 'text', (r) => r.note),
  col('day', 'date', (r) => r.day),
  col('created_at', 'timestamptz', (r) => r.createdAt),
  col('entered_by', 'text', (r) => r.enteredBy),
];
