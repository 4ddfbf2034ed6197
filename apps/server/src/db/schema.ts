// The whole domain schema. Every tenant row carries site_id; money is bigint minor units.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  smallserial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => tstz('created_at').notNull().defaultNow();

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  currency: text('currency').notNull(),
  /** Origins allowed to frame the product (CSP frame-ancestors) and to build links on. */
  allowedOrigins: text('allowed_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  signUpConfig: jsonb('sign_up_config'),
  captchaSiteKey: text('captcha_site_key'),
  captchaSecret: text('captcha_secret'),
  /**
   * When a week's master sheet is final (decision 033): this day after the week (1 = its next
   * Monday … 7) at this minute of the day, in the site's zone. Tuesday 12:00 by default.
   */
  sheetCutoffDay: smallint('sheet_cutoff_day').notNull().default(2),
  sheetCutoffMinute: smallint('sheet_cutoff_minute').notNull().default(720),
  /** Hash of the key an embedding site uses to mint one-time log-in tokens. */
  apiKeyHash: text('api_key_hash'),
  /**
   * Agents with a money right (payments, adjustments, free play) must sign in with a second step
   * (an authenticator code or a passkey) before they can use a session (issue 20).
   */
  requireSecondStep: boolean('require_second_step').notNull().default(false),
  createdAt: created(),
});

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  /** The numeric id the wire uses (idCurrency). */
  id: smallserial('id').notNull().unique(),
  name: text('name').notNull(),
  minorDigits: smallint('minor_digits').notNull().default(2),
});

/** Units of the site's currency for one unit of `code`: a decimal, applied once at a report's edge. */
export const currencyRates = pgTable(
  'currency_rates',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code')
      .notNull()
      .references(() => currencies.code),
    rateToSite: numeric('rate_to_site', { precision: 20, scale: 10 }).notNull(),
    updatedAt: created(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.code] })],
);

export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    parentId: integer('parent_id'),
    login: text('login').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    currency: text('currency').notNull(),
    language: text('language').notNull().default('en'),
    rights: text('rights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    depth: smallint('depth').notNull().default(0),
    /**
     * Caps no player below the agent may exceed (DOMAIN.md "Running the book"), minor units of the
     * agent's currency; null: the agent's own parent's caps are the only bound.
     */
    creditLimitCap: bigint('credit_limit_cap', { mode: 'number' }),
    maxWagerCap: bigint('max_wager_cap', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    /** Products (sports, casino, horses, rbl) turned off for every player below (migration 0019). */
    productsOff: text('products_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The contract's PlayerDefaults its new players start on; {} is none (migration 0028). */
    playerDefaults: jsonb('player_defaults')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The contract's DealTerms its new sub-agents start on; null: none (decision 033). */
    dealDefaults: jsonb('deal_defaults').$type<Record<string, unknown>>(),
    /** Whether the agent gets its master sheet by e-mail at each week's cut-off. */
    sheetEmail: boolean('sheet_email').notNull().default(false),
    /** The platform's own id of the agent, when the platform feed created it (migration 0019). */
    externalId: text('external_id'),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('agents_site_external')
      .on(t.siteId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('agents_site_login').on(t.siteId, sql`lower(${t.login})`),
    uniqueIndex('agents_site_email').on(t.siteId, sql`lower(${t.email})`),
    index('agents_parent').on(t.parentId),
  ],
);

/** Ancestor/descendant closure (including self at depth 0): "everything under X" is one join. */
export const agentClosure = pgTable(
  'agent_closure',
  {
    siteId: integer('site_id').notNull(),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => agents.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => agents.id),
    depth: smallint('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('agent_closure_descendant').on(t.descendantId),
  ],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    login: text('login').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** Contact and the agent's own notes, set on the player's page (migration 0027). */
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    passwordHash: text('password_hash'),
    currency: text('currency').notNull(),
    language: text('language').notNull().default('en'),
    creditLimit: money('credit_limit'),
    /** Kept equal to the sum of the player's real-money ledger entries, in the same transaction. */
    balance: money('balance'),
    freePlayBalance: money('free_play_balance'),
    /** Risk of open wagers, maintained with the wagers. */
    atRisk: money('at_risk'),
    /**
     * The latest week the player has a weekly row for, kept by a trigger on player_weekly
     * (migration 0009): with the balance, it tells whether a week lists an inactive player without
     * reading the player's weeks.
     */
    lastWeek: date('last_week', { mode: 'string' }),
    /**
     * Whether the player owes or is owed. Indexed where the balance itself cannot be: an update
     * that changes an indexed value cannot be a HOT update, and the balance changes with every
     * entry, while this changes only when the balance crosses zero.
     */
    hasBalance: boolean('has_balance').generatedAlwaysAs(sql`balance <> 0`),
    settleFigure: money('settle_figure'),
    maxWager: money('max_wager'),
    active: boolean('active').notNull().default(true),
    /**
     * active, suspended (may not bet) or closed (also not `active`); the accept rule reads it with
     * the products turned off (migration 0019).
     */
    status: text('status').notNull().default('active'),
    productsOff: text('products_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The platform's own id of the player (migration 0019). */
    externalId: text('external_id'),
    /** On the watch list: shown apart in every list (migration 0025). */
    watched: boolean('watched').notNull().default(false),
    /** Credit on top of the limit while temp_credit_until is ahead (migration 0026). */
    tempCredit: money('temp_credit'),
    tempCreditUntil: tstz('temp_credit_until'),
    /** The contract's WagerLimits as stored; {} is no limit of any kind (migration 0026). */
    wagerLimits: jsonb('wager_limits')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * A ceiling of the player's own above the caps of the agents above, in its currency, given by
     * an approved limit request; null: the caps bind (migration 0029).
     */
    creditLimitApproved: bigint('credit_limit_approved', { mode: 'number' }),
    maxWagerApproved: bigint('max_wager_approved', { mode: 'number' }),
    failedLogins: smallint('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('players_site_external')
      .on(t.siteId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('players_site_login').on(t.siteId, sql`lower(${t.login})`),
    // An agent's players with what the weekly balance lists of them, read from the index alone;
    // no column that an entry changes, so balance updates stay HOT.
    index('players_agent_cover').on(
      t.agentId,
      t.siteId,
      t.id,
      t.login,
      t.name,
      t.currency,
      t.active,
    ),
    // The few watched players of a subtree (the players list's filter and the watch screen).
    index('players_watched_agent')
      .on(t.agentId, t.id)
      .where(sql`${t.watched}`),
    // The few inactive players of a subtree, without walking the active ones; what the weekly
    // balance's count asks of each rides in the index.
    index('players_inactive_agent_owing')
      .on(t.agentId, t.siteId, t.currency, t.lastWeek, t.hasBalance, t.id)
      .where(sql`not ${t.active}`),
  ],
);

/**
 * How many active and inactive players each agent holds per currency, kept by a trigger on players
 * (migration 0006), so counting a whole book's players reads one row per agent.
 */
export const agentPlayers = pgTable(
  'agent_players',
  {
    agentId: integer('agent_id').notNull(),
    currency: text('currency').notNull(),
    active: integer('active').notNull().default(0),
    inactive: integer('inactive').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.currency] })],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: tstz('starts_at').notNull(),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    status: text('status').notNull().default('scheduled'),
    /** The platform's own id of the game (migration 0019). */
    externalId: text('external_id'),
  },
  (t) => [
    index('events_site_starts').on(t.siteId, t.startsAt),
    uniqueIndex('events_site_external')
      .on(t.siteId, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const wagers = pgTable(
  'wagers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    ticket: text('ticket').notNull(),
    wagerType: text('wager_type').notNull(),
    sport: text('sport').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    risk: money('risk'),
    toWin: money('to_win'),
    freePlay: boolean('free_play').notNull().default(false),
    status: text('status').notNull().default('open'),
    result: text('result').notNull().default('open'),
    /** The settled figure posted to the ledger: +to-win, -risk, or 0. */
    amount: money('amount'),
    placedAt: tstz('placed_at').notNull(),
    gradedAt: tstz('graded_at'),
    gradedDay: date('graded_day', { mode: 'string' }),
    deletedAt: tstz('deleted_at'),
    /** The platform's own id of the wager (migration 0019). */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('wagers_site_external')
      .on(t.siteId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('wagers_agent_status_placed').on(t.agentId, t.status, t.placedAt),
    // The wager center's lists read a desk's week or open book from these indexes alone (an
    // index-only scan): the trailing columns are what a page's totals, sort and cut need, so only
    // the rows of the page itself are read from the table.
    // Graded bets read a subtree's range from this one alone: with `amount` (what a wager graded
    // once posted) its totals and sort need no row of the table (decision 014).
    index('wagers_agent_graded_amount_cover').on(
      t.agentId,
      t.gradedDay,
      t.id,
      t.placedAt,
      t.gradedAt,
      t.currency,
      t.risk,
      t.toWin,
      t.amount,
      t.playerId,
      t.result,
      t.siteId,
    ),
    index('wagers_open_agent_cover')
      .on(
        t.agentId,
        t.placedAt,
        t.id,
        t.currency,
        t.risk,
        t.toWin,
        t.playerId,
        t.siteId,
        t.gradedAt,
        t.result,
      )
      .where(sql`${t.status} = 'open'`),
    // A large subtree's graded wagers newest first (or oldest), walked in order until a page is
    // full instead of sorting the whole range (decision 014).
    index('wagers_site_graded_at')
      .on(t.siteId, t.gradedAt, t.id, t.agentId, t.gradedDay, t.currency)
      .where(sql`${t.gradedAt} is not null`),
    index('wagers_player_placed').on(t.playerId, t.placedAt),
    index('wagers_site_status').on(t.siteId, t.status),
  ],
);

/**
 * Graded wagers per agent, graded day and currency: the count, risk, to-win and amount of every
 * wager with a grade in force (`graded_at`), kept by statement triggers on `wagers` (migration
 * 0013), so a range's totals are a sum over a few rows per agent and day (decision 014).
 */
export const wagerGradedDaily = pgTable(
  'wager_graded_daily',
  {
    agentId: integer('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    count: integer('count').notNull().default(0),
    risk: money('risk'),
    toWin: money('to_win'),
    amount: money('amount'),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.currency] })],
);

export const wagerLegs = pgTable(
  'wager_legs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wagerId: bigint('wager_id', { mode: 'number' })
      .notNull()
      .references(() => wagers.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    market: text('market').notNull(),
    selection: text('selection').notNull(),
    lineTaken: numeric('line_taken', { precision: 6, scale: 1 }),
    oddsTaken: integer('odds_taken').notNull(),
    closingLine: numeric('closing_line', { precision: 6, scale: 1 }),
    closingOdds: integer('closing_odds'),
    result: text('result').notNull().default('open'),
  },
  (t) => [index('wager_legs_wager').on(t.wagerId)],
);

export const wagerChanges = pgTable(
  'wager_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    wagerId: bigint('wager_id', { mode: 'number' })
      .notNull()
      .references(() => wagers.id),
    playerId: integer('player_id').notNull(),
    agentId: integer('agent_id').notNull(),
    status: text('status').notNull(),
    changedAt: tstz('changed_at').notNull(),
    changedBy: text('changed_by').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    amount: money('amount'),
  },
  (t) => [
    index('wager_changes_agent_time').on(t.agentId, t.changedAt),
    // The changes that may touch graded bets (all but deletions of open wagers) of a site since a
    // day, read from the index alone: a whole site's month is one range, not a scan of them all.
    index('wager_changes_site_graded_time')
      .on(t.siteId, t.changedAt, t.agentId, t.wagerId)
      .where(sql`${t.before}->>'status' is distinct from 'open'`),
  ],
);

/** The append-only player ledger: every balance change is a row, with the balance after it. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    agentId: integer('agent_id').notNull(),
    type: smallint('type').notNull(),
    amount: money('amount'),
    /** Real balance after the entry (free play entries move only the free-play balance). */
    balanceAfter: money('balance_after'),
    freePlayAfter: money('free_play_after'),
    wagerId: bigint('wager_id', { mode: 'number' }),
    /** The English words, also for lines posted before codes: what an old row shows. */
    description: text('description').notNull(),
    /** What the line says as a code of the contract's list and its parameters (migration 0017). */
    descriptionCode: text('description_code'),
    descriptionParams: jsonb('description_params').$type<Record<string, string>>(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull(),
    createdBy: text('created_by').notNull().default('system'),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('ledger_player_time').on(t.playerId, t.createdAt, t.id),
    index('ledger_player_day').on(t.playerId, t.day),
    // Graded bets and day figures of a whole subtree read the ledger by agent and day; the wager
    // and amount ride along so graded bets read no ledger row itself.
    index('ledger_agent_day_wager').on(t.agentId, t.day, t.type, t.wagerId, t.amount),
    // What a wager posted on its gradings, by day (graded bets of changed wagers): a probe reads
    // the wager's one or two entries, not every entry of its player's days.
    index('ledger_wager_graded')
      .on(t.wagerId, t.day, t.amount)
      .where(sql`${t.type} = 2`),
    uniqueIndex('ledger_idempotency').on(t.siteId, t.idempotencyKey),
  ],
);

export const playerPayments = pgTable('player_payments', {
  ledgerId: bigint('ledger_id', { mode: 'number' })
    .primaryKey()
    .references(() => ledger.id),
  method: text('method').notNull(),
  note: text('note').notNull().default(''),
});

const rollupFigures = {
  sports: money('sports'),
  casino: money('casino'),
  horses: money('horses'),
  rbl: money('rbl'),
  payments: money('payments'),
  receipts: money('receipts'),
  disbursements: money('disbursements'),
  adjustments: money('adjustments'),
  freePlay: money('free_play'),
  entries: integer('entries').notNull().default(0),
};

/** Per player and site-local day; maintained in the ledger entry's transaction. */
export const playerDaily = pgTable(
  'player_daily',
  {
    siteId: integer('site_id').notNull(),
    playerId: integer('player_id').notNull(),
    agentId: integer('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupFigures,
    closing: money('closing'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.day] }),
    index('player_daily_agent_day').on(t.agentId, t.day),
  ],
);

/** Win/loss (types 2, 5, 6, 7) of each day of the week, Monday first: the weekly balance's days. */
const weekDays = {
  day0: money('day0'),
  day1: money('day1'),
  day2: money('day2'),
  day3: money('day3'),
  day4: money('day4'),
  day5: money('day5'),
  day6: money('day6'),
};

/** Per player and Monday-started week; carry = balance before the week's first entry. */
export const playerWeekly = pgTable(
  'player_weekly',
  {
    siteId: integer('site_id').notNull(),
    playerId: integer('player_id').notNull(),
    agentId: integer('agent_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    carry: money('carry'),
    ...rollupFigures,
    ...weekDays,
    ending: money('ending'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.weekStart] }),
    index('player_weekly_agent_week').on(t.agentId, t.weekStart),
    // One week of every player (the tree's figures) without reading the whole history.
    index('player_weekly_week').on(t.weekStart, t.playerId),
    // A player's last ending before a week, read from the index alone: the weekly balance asks it
    // of every inactive player of a book to know whether the week still lists them.
    index('player_weekly_player_ending').on(t.playerId, t.weekStart, t.ending),
  ],
);

/**
 * Per agent (its own players only), week and currency: the sums of its players' weekly rows, kept in
 * the entry's transaction. `net` is the week's change of the real balance, so an agent's balance at
 * the end of a week is the sum of `net` up to it: totals of a whole book without reading every
 * player's history.
 */
export const agentWeekly = pgTable(
  'agent_weekly',
  {
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    ...rollupFigures,
    ...weekDays,
    net: money('net'),
    /**
     * Balance brought in by players moved to this agent in the week, less what players moved away
     * took (their carry; decision 021): part of the week's opening, not of its change.
     */
    moved: money('moved'),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.weekStart, t.currency] })],
);

export const agentPayments = pgTable(
  'agent_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    masterId: integer('master_id')
      .notNull()
      .references(() => agents.id),
    /** Positive: paid by the agent to its master; negative: paid by the master to the agent. */
    amount: money('amount'),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    note: text('note').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull(),
    enteredBy: text('entered_by').notNull(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('agent_payments_agent_day').on(t.agentId, t.day),
    uniqueIndex('agent_payments_idempotency').on(t.siteId, t.idempotencyKey),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    /** Null: every agent of the site. */
    agentId: integer('agent_id'),
    includeSubtree: boolean('include_subtree').notNull().default(false),
    /** The agent who sent it; null for the platform. */
    createdBy: integer('created_by').references(() => agents.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('notifications_site_time').on(t.siteId, t.createdAt)],
);

export const notificationViews = pgTable(
  'notification_views',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    seenAt: tstz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.agentId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    siteId: integer('site_id').notNull(),
    kind: text('kind').notNull(),
    agentId: integer('agent_id'),
    playerId: integer('player_id'),
    /** The login (players) or e-mail (agents) the Token header must carry. */
    principal: text('principal').notNull(),
    createdAt: created(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: tstz('idle_expires_at').notNull(),
    absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    /** Why it ended early: logout, ended (by the user or its parent), password. */
    revokedReason: text('revoked_reason'),
    csrfToken: text('csrf_token').notNull(),
    /** Where it was opened from: the address, its country (a trusted proxy's header) and device. */
    ip: text('ip'),
    country: text('country'),
    device: text('device'),
    /** How the account proved itself: password, token, link, totp, passkey, recovery. */
    method: text('method'),
  },
  (t) => [
    uniqueIndex('sessions_token').on(t.tokenHash),
    index('sessions_agent_live').on(t.agentId, t.absoluteExpiresAt),
  ],
);

/**
 * Every log-in tried, by an agent or a player here or on the platform (the feed's player.login):
 * when, how it ended, from which address, country and device. The shared-devices report groups it.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').notNull(),
    agentId: integer('agent_id'),
    playerId: integer('player_id'),
    at: tstz('at').notNull(),
    /** ok, wrong_credentials, locked, second_step, second_step_failed. */
    outcome: text('outcome').notNull(),
    method: text('method').notNull(),
    /** backline (the frames) or platform (the feed). */
    source: text('source').notNull(),
    ip: text('ip'),
    country: text('country'),
    device: text('device'),
    /** A keyed hash of the browser's device id (or the platform's fingerprint), never the id itself. */
    deviceHash: text('device_hash'),
  },
  (t) => [
    index('login_events_agent').on(t.agentId, t.at),
    index('login_events_player').on(t.playerId, t.at),
    index('login_events_site_ip').on(t.siteId, t.ip, t.at),
    index('login_events_site_device').on(t.siteId, t.deviceHash, t.at),
  ],
);

/** An agent's authenticator app (RFC 6238): the secret sealed, the last time step used. */
export const agentTotp = pgTable('agent_totp', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id),
  secretSealed: text('secret_sealed').notNull(),
  /** Null until the agent has typed a first code from the app. */
  confirmedAt: tstz('confirmed_at'),
  /** The last 30-second step a code was accepted for: the same code is never taken twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: created(),
});

/** One-time recovery codes of an agent's second step, kept hashed. */
export const agentRecoveryCodes = pgTable(
  'agent_recovery_codes',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: created(),
  },
  (t) => [index('agent_recovery_codes_agent').on(t.agentId)],
);

/** An agent's passkeys (WebAuthn credentials). */
export const agentPasskeys = pgTable(
  'agent_passkeys',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: created(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [
    uniqueIndex('agent_passkeys_credential').on(t.credentialId),
    index('agent_passkeys_agent').on(t.agentId),
  ],
);

/**
 * A step under way: a password accepted and a second step owed (`second_step`), or a passkey being
 * registered by a signed-in agent (`passkey_register`). The token goes to the client once; the
 * WebAuthn challenge is kept here so any process can finish it.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    sessionId: bigint('session_id', { mode: 'number' }),
    /** The WebAuthn challenge, base64url, when a passkey is asked for. */
    webauthnChallenge: text('webauthn_challenge'),
    /** The log-in's own wishes and origin, carried to the session the second step opens. */
    keepInCookie: boolean('keep_in_cookie').notNull().default(false),
    method: text('method').notNull(),
    ip: text('ip'),
    country: text('country'),
    device: text('device'),
    deviceHash: text('device_hash'),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('auth_challenges_token').on(t.tokenHash)],
);

/**
 * Single-use tickets that open one notification stream: EventSource cannot send the Token header,
 * and the session token must never travel in a URL. Bound to a session and its view agent.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketHash: text('ticket_hash').notNull(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('stream_tickets_hash').on(t.ticketHash),
    index('stream_tickets_expiry').on(t.expiresAt),
  ],
);

/**
 * Single-use tickets that download one export: the browser saves a file it navigates to, which
 * cannot carry the Token header, and the session token must never travel in a URL. Bound to the
 * session that asked; the row counts the rows written, so the screen shows progress and can cancel.
 */
export const exportTickets = pgTable(
  'export_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketHash: text('ticket_hash').notNull(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id),
    siteId: integer('site_id').notNull(),
    /** The export asked for (ExportRequest) and the caller as its session resolved it then. */
    request: jsonb('request').notNull(),
    caller: jsonb('caller').notNull(),
    /** waiting, running, done, failed, cancelled or stopped (the reader went away). */
    state: text('state').notNull().default('waiting'),
    rows: integer('rows').notNull().default(0),
    errorCode: text('error_code'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    cancelRequestedAt: tstz('cancel_requested_at'),
    finishedAt: tstz('finished_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('export_tickets_hash').on(t.ticketHash),
    index('export_tickets_expiry').on(t.expiresAt),
  ],
);

/** One-time tokens an embedding site hands a browser to log in without a password. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    siteId: integer('site_id').notNull(),
    login: text('login').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('login_tokens_hash').on(t.tokenHash)],
);

export const verificationCodes = pgTable('verification_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sessionId: bigint('session_id', { mode: 'number' })
    .notNull()
    .references(() => sessions.id),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: tstz('expires_at').notNull(),
  verifiedAt: tstz('verified_at'),
  usedAt: tstz('used_at'),
  createdAt: created(),
});

export const signUps = pgTable('sign_ups', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  data: jsonb('data').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: created(),
  decidedAt: tstz('decided_at'),
  decidedBy: integer('decided_by'),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id'),
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: bigint('target_id', { mode: 'number' }),
    details: jsonb('details').notNull().default({}),
    requestId: text('request_id'),
    createdAt: created(),
    /** Where the act came from: the address, its country, the device (a short label). */
    ip: text('ip'),
    country: text('country'),
    device: text('device'),
    /** The agent signed in when it acted for a sub-agent (the actor is then the sub-agent's view). */
    actingFor: integer('acting_for'),
    /**
     * The agent whose book the act is in (an agent target, a player's or wager's agent, else the
     * acting agent), set by the trigger: an agent reads the rows of its subtree by it.
     */
    agentId: integer('agent_id'),
    /**
     * The chain (decision 035): rows of a site are numbered 1, 2, … and each row's hash covers its
     * fields and the previous row's hash. A trigger sets all three; a row is never changed.
     */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_site_time').on(t.siteId, t.createdAt),
    uniqueIndex('audit_chain_seq').on(sql`coalesce(${t.siteId}, 0)`, t.seq),
    index('audit_site_id').on(t.siteId, t.id),
    index('audit_agent_id').on(t.agentId, t.id),
    // One player's or agent's changes, newest first (the player's page, migration 0027).
    index('audit_target').on(t.targetKind, t.targetId, t.id),
  ],
);

/** The head of each site's audit chain (site 0: rows of no site): its last number and hash. */
export const auditChain = pgTable('audit_chain', {
  chainId: integer('chain_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/**
 * Online messages an agent sends a player (issue 17); the platform shows them, told by the
 * `player.message` webhook whose outbox row each names.
 */
export const playerMessages = pgTable(
  'player_messages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** The agent signed in when it was sent. */
    sentBy: integer('sent_by')
      .notNull()
      .references(() => agents.id),
    body: text('body').notNull(),
    outboxId: uuid('outbox_id'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('player_messages_player').on(t.playerId, t.id),
    uniqueIndex('player_messages_key').on(t.siteId, t.idempotencyKey),
  ],
);

/**
 * Requests for a player's limits above an agent's cap, to the parent of the highest agent whose cap
 * they pass (migration 0029). At most one pending per player: a new one replaces it.
 */
export const limitRequests = pgTable(
  'limit_requests',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** Who decides: it, or any agent above it with the right. */
    approverId: integer('approver_id')
      .notNull()
      .references(() => agents.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => agents.id),
    /** pending, approved, refused or replaced. */
    status: text('status').notNull().default('pending'),
    /** The contract's AskedLimits: asked, and the player's when filed. */
    asked: jsonb('asked').$type<Record<string, unknown>>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    /** The caps passed (CapPassed rows). */
    passed: jsonb('passed').$type<unknown[]>().notNull(),
    reason: text('reason').notNull(),
    decidedBy: integer('decided_by').references(() => agents.id),
    decidedAt: tstz('decided_at'),
    note: text('note'),
    createdAt: created(),
  },
  (t) => [
    index('limit_requests_approver').on(t.approverId, t.status, t.id),
    index('limit_requests_player').on(t.playerId, t.id),
    uniqueIndex('limit_requests_one_pending')
      .on(t.playerId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  count: integer('count').notNull(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id'),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body').notNull(),
  createdAt: created(),
  sentAt: tstz('sent_at'),
});

/**
 * A site's integration keys for the platform feed (DESIGN.md §8). `key_id` travels in the
 * x-backline-key header; the secret is kept sealed with the server's key (decision 018), since an
 * HMAC is checked with the secret itself. Several may be live at once while the platform rotates.
 */
export const platformKeys = pgTable(
  'platform_keys',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    keyId: text('key_id').notNull(),
    label: text('label').notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretSealed: text('secret_sealed').notNull(),
    /** The agent who created it; null when an operator's command or the demo seed did. */
    createdBy: integer('created_by').references(() => agents.id),
    createdAt: created(),
    lastUsedAt: tstz('last_used_at'),
    /** A rotated key keeps working until then, beside its successor. */
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    /** The key this one replaced by a rotation. */
    rotatedFrom: integer('rotated_from'),
  },
  (t) => [
    uniqueIndex('platform_keys_key_id').on(t.keyId),
    index('platform_keys_site').on(t.siteId, t.createdAt),
  ],
);

/**
 * Signatures seen within the tolerance window, so a replayed request is refused by whichever
 * process receives it; older rows are pruned as new ones come in.
 */
export const platformSignatures = pgTable(
  'platform_signatures',
  {
    keyId: integer('key_id').notNull(),
    signature: text('signature').notNull(),
    seenAt: tstz('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.signature] }),
    index('platform_signatures_seen').on(t.seenAt),
  ],
);

/**
 * Every applied platform event, once per (site, event id), written in the event's own transaction:
 * a repeat answers `result` and changes nothing; the same id with another body (`body_hash`) is a
 * conflict.
 */
/**
 * A player moved to another agent (decision 021). The week of the move and any later week belong
 * to the new agent; earlier weeks stay with the old one. `carry` is the balance the player brought
 * into that week, which the two agents' weekly rollups pass between them (agent_weekly.net).
 */
export const playerMoves = pgTable(
  'player_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    fromAgentId: integer('from_agent_id')
      .notNull()
      .references(() => agents.id),
    toAgentId: integer('to_agent_id')
      .notNull()
      .references(() => agents.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    carry: money('carry'),
    currency: text('currency').notNull(),
    movedAt: tstz('moved_at').notNull(),
  },
  (t) => [
    index('player_moves_player').on(t.playerId, t.weekStart),
    index('player_moves_from_agent').on(t.fromAgentId),
    index('player_moves_to_agent').on(t.toAgentId, t.weekStart),
  ],
);

export const platformEvents = pgTable(
  'platform_events',
  {
    siteId: integer('site_id').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    bodyHash: text('body_hash').notNull(),
    result: jsonb('result').notNull(),
    occurredAt: tstz('occurred_at').notNull(),
    appliedAt: tstz('applied_at').notNull(),
    keyId: integer('key_id'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.eventId] })],
);

/**
 * A site's webhook endpoint: where agent actions are delivered (DESIGN.md §8), and the secret they
 * are signed with. Kept as it is, since an HMAC is made with the secret itself; the previous one
 * also signs until `previous_secret_until`, so a receiver can switch over without losing one.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  url: text('url').notNull(),
  /** Names the secret in each delivery's x-backline-key header, so a receiver picks its copy. */
  secretId: text('secret_id').notNull(),
  /** Sealed (security/sealed-secret.ts, bound to `webhook:<site id>`), never the secret itself. */
  secret: text('secret').notNull(),
  /** The secret before the last rotation, sealed alike, valid until previous_secret_until. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: tstz('previous_secret_until'),
  updatedBy: integer('updated_by').references(() => agents.id),
  createdAt: tstz('created_at').notNull(),
  updatedAt: tstz('updated_at').notNull(),
  secretRotatedAt: tstz('secret_rotated_at').notNull(),
});

/**
 * The outbox of agent actions for the platform, written in the action's own transaction. `id` is
 * the delivery id a receiver dedupes on; `seq` is the order of writing (under the player's lock),
 * in which one `ordering_key`'s rows are delivered. The delivery's state is kept beside it for the
 * log; every attempt is a row of webhook_attempts.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: text('type').notNull(),
    playerId: integer('player_id'),
    /** `player:<id>` (or `agent:<id>` for a settlement): one key's deliveries go out in order. */
    orderingKey: text('ordering_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** pending, delivered, failed (retries used up; re-send), or skipped (no endpoint then). */
    status: text('status').notNull(),
    /** The queue's job that delivers it now; null while none was queued (the queue was off). */
    jobId: uuid('job_id'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: tstz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: tstz('delivered_at'),
  },
  (t) => [
    index('webhook_outbox_site_created').on(t.siteId, t.createdAt),
    index('webhook_outbox_key_pending')
      .on(t.orderingKey, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Each delivery attempt: when, the answer's status or the error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => webhookOutbox.id),
    attemptedAt: tstz('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_outbox').on(t.outboxId, t.id)],
);

/**
 * A sub-agent's deal with its parent from a week on (decision 033); the one in force for a week is
 * the latest starting on or before it (ties: the last set). Percentages in hundredths of a percent.
 */
export const agentDeals = pgTable(
  'agent_deals',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    fromWeek: date('from_week', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    percentBps: integer('percent_bps').notNull(),
    casinoBps: integer('casino_bps'),
    horsesBps: integer('horses_bps'),
    redFigure: boolean('red_figure').notNull(),
    headFee: money('head_fee'),
    setBy: text('set_by').notNull(),
    setAt: tstz('set_at').notNull(),
  },
  (t) => [index('agent_deals_agent_week').on(t.agentId, t.fromWeek, t.id)],
);

/** The weeks whose sheets are final for a site, closed in order (decision 033). */
export const sheetCloses = pgTable(
  'sheet_closes',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    closedAt: tstz('closed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.weekStart] })],
);

/**
 * Each agent's row of its parent's sheet for a closed week, frozen at the close: the row as the
 * contract's SheetRow figures, the make-up after per group and the balance forward the next week
 * starts from, and the live cumulative players' figures by product its `Late` is measured from.
 */
export const agentSheetWeeks = pgTable(
  'agent_sheet_weeks',
  {
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    parentId: integer('parent_id').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    cumulative: jsonb('cumulative').$type<Record<string, number>>().notNull(),
    closedAt: tstz('closed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.weekStart] }),
    index('agent_sheet_weeks_parent').on(t.parentId, t.weekStart),
  ],
);

/** The weekly sheet by e-mail: one send per agent and week, its attempts and last error. */
export const sheetMails = pgTable(
  'sheet_mails',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull(),
    sentAt: tstz('sent_at'),
  },
  (t) => [uniqueIndex('sheet_mails_agent_week').on(t.agentId, t.weekStart)],
);

/**
 * Each player's weeks with a wager placed, under the agent of its first wager that week: the
 * active players a week's per-head fees count (decision 033). Kept by a trigger on every insert of
 * wagers (migration 0031); a void later does not undo a week's activity.
 */
export const playerActiveWeeks = pgTable(
  'player_active_weeks',
  {
    playerId: integer('player_id').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.weekStart] }),
    // A week's players read from this index alone: the whole book's, or a subtree's agents'.
    index('player_active_weeks_week').on(t.weekStart, t.agentId),
  ],
);

/**
 * The open book by game side (DOMAIN.md "Exposure and hold", decision 034): per leg of every open
 * wager, its side of its game's market, summed per agent and currency; multi-leg wagers (parlays,
 * teasers, if-bets, reverses, round robins) apart, each leg with the wager's full risk and to-win.
 * Kept by statement triggers on wagers and wager_legs in the transaction that places, grades,
 * voids or moves a wager (migration 0032); its invariant is the sum over open wagers.
 */
export const openExposure = pgTable(
  'open_exposure',
  {
    siteId: integer('site_id').notNull(),
    eventId: integer('event_id').notNull(),
    market: text('market').notNull(),
    /** The proposition a prop's sides share ('' for the game's own markets). */
    prop: text('prop').notNull(),
    /** home, away, draw, over, under, yes, no, or the selection itself (a future's pick). */
    side: text('side').notNull(),
    agentId: integer('agent_id').notNull(),
    currency: text('currency').notNull(),
    multi: boolean('multi').notNull(),
    wagers: integer('wagers').notNull().default(0),
    risk: money('risk'),
    toWin: money('to_win'),
    /** Risk staked with free play: the book pays its to-win but gains nothing when it loses. */
    freePlayRisk: money('free_play_risk'),
  },
  (t) => [
    primaryKey({
      columns: [t.eventId, t.market, t.prop, t.side, t.agentId, t.currency, t.multi],
    }),
    index('open_exposure_agent').on(t.agentId, t.eventId),
  ],
);

/**
 * The open book by side for a whole site: open_exposure summed over its agents, kept by triggers on
 * open_exposure itself (migration 0032), so the site's master reads a few rows per game instead of
 * one per agent (decision 034).
 */
export const openExposureSite = pgTable(
  'open_exposure_site',
  {
    siteId: integer('site_id').notNull(),
    eventId: integer('event_id').notNull(),
    market: text('market').notNull(),
    prop: text('prop').notNull(),
    side: text('side').notNull(),
    currency: text('currency').notNull(),
    multi: boolean('multi').notNull(),
    wagers: integer('wagers').notNull().default(0),
    risk: money('risk'),
    toWin: money('to_win'),
    freePlayRisk: money('free_play_risk'),
  },
  (t) => [
    primaryKey({
      columns: [t.siteId, t.eventId, t.market, t.prop, t.side, t.currency, t.multi],
    }),
  ],
);

/**
 * Every wager placed, graded, regraded or voided, in commit order's neighbourhood (a bigserial):
 * what the live ticker streams and resumes from, and what the risk worker follows to score
 * players and raise alerts. Written by a trigger on wagers (migration 0032); pruned after days.
 */
export const wagerActivity = pgTable(
  'wager_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id').notNull(),
    playerId: integer('player_id').notNull(),
    wagerId: bigint('wager_id', { mode: 'number' }).notNull(),
    /** placed, graded, regraded or voided. */
    kind: text('kind').notNull(),
    /** The platform's time of it (placed, graded or deleted at). */
    at: tstz('at').notNull(),
    loggedAt: tstz('logged_at').notNull().defaultNow(),
  },
  (t) => [
    index('wager_activity_site').on(t.siteId, t.id),
    // A desk's latest activity (GetLive) without reading the whole site's backwards.
    index('wager_activity_agent').on(t.agentId, t.id),
    index('wager_activity_logged').on(t.loggedAt),
  ],
);

/**
 * Each player's CLV score (DOMAIN.md): the mean closing-line value in cents of its latest graded
 * legs with a closing price, over how many legs and wagers; refreshed by the risk worker as
 * grades with closing lines arrive. Whether it is sharp is read against SCORING's thresholds.
 */
export const playerClv = pgTable('player_clv', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id),
  siteId: integer('site_id').notNull(),
  score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
  legs: integer('legs').notNull().default(0),
  wagers: integer('wagers').notNull().default(0),
  refreshedAt: tstz('refreshed_at').notNull(),
});

/**
 * Graded wagers per agent, graded day, currency, sport and league (the league of a wager's first
 * leg): handle, count and the players' result, for the hold report. Kept by statement triggers on
 * wagers and wager_legs (migration 0032); a voided wager counts nowhere.
 */
export const wagerHoldDaily = pgTable(
  'wager_hold_daily',
  {
    agentId: integer('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    sport: text('sport').notNull(),
    league: text('league').notNull(),
    count: integer('count').notNull().default(0),
    risk: money('risk'),
    amount: money('amount'),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.currency, t.sport, t.league] })],
);

/**
 * An agent's alert thresholds (in the site's currency) and where its alerts go. An agent without
 * a row takes its nearest ancestor's thresholds; the e-mail and chat webhook are its own only.
 */
export const alertSettings = pgTable('alert_settings', {
  agentId: integer('agent_id')
    .primaryKey()
    .references(() => agents.id),
  siteId: integer('site_id').notNull(),
  wagerRisk: bigint('wager_risk', { mode: 'number' }),
  dayResult: bigint('day_result', { mode: 'number' }),
  sideExposure: bigint('side_exposure', { mode: 'number' }),
  watchedWagers: boolean('watched_wagers').notNull().default(false),
  sharpWagers: boolean('sharp_wagers').notNull().default(false),
  email: text('email'),
  webhookUrl: text('webhook_url'),
  updatedBy: text('updated_by').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});

/**
 * Alerts raised for an agent, once per cause (a wager's risk, a player's day, a game side, a
 * watched or sharp player's wager): the log screen, the bell's notification, and the chat
 * webhook's delivery state.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    kind: text('kind').notNull(),
    /** What raised it, unique per agent: the same cause never alerts twice. */
    cause: text('cause').notNull(),
    playerId: integer('player_id'),
    wagerId: bigint('wager_id', { mode: 'number' }),
    eventId: integer('event_id'),
    /** The figure that crossed, and the threshold it crossed, in the site's currency. */
    figure: bigint('figure', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    notificationId: integer('notification_id'),
    webhookStatus: text('webhook_status').notNull().default('none'),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookError: text('webhook_error'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('alerts_agent_cause').on(t.agentId, t.cause),
    index('alerts_agent_created').on(t.agentId, t.createdAt),
  ],
);

/** How far the risk worker has followed wager_activity: one row, locked by the worker at work. */
export const riskCursor = pgTable('risk_cursor', {
  id: smallint('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  ranAt: tstz('ran_at'),
});
