// What the server must answer to each caller: allowed exactly when the target lies inside the
// caller's subtree and site and the caller holds the right; otherwise 401, 403 or 404.
import type { Endpoint, Right } from '@backline/contract';
import type { Form, TargetKind } from './contract-walk.ts';
import type { Agent, World } from './world.ts';

export const AGENT_RELATIONS = ['self', 'descendant', 'parent', 'sibling', 'otherSite'] as const;
export const CALLER_RELATIONS = [
  'player',
  'anonymous',
  'expiredIdle',
  'expiredAbsolute',
  'tamperedSite',
  'tamperedId',
  'tamperedPrincipal',
] as const;
export type AgentRelation = (typeof AGENT_RELATIONS)[number];
export type Relation = AgentRelation | (typeof CALLER_RELATIONS)[number];

export const isAgentRelation = (r: Relation): r is AgentRelation =>
  (AGENT_RELATIONS as readonly string[]).includes(r);

/**
 * Rules of particular calls that no field name can tell; each is a business rule of the server
 * with its reason. Everything else follows from the contract's audience, right and fields.
 */
export const RULES: Readonly<
  Record<
    string,
    {
      siteRoot?: 'always' | 'withoutTarget';
      strictlyBelow?: true;
      /** What the site's master is answered when it names itself, where it differs from 403. */
      rootSelf?: { status: number; why: string };
      /** The right a target strictly below the view agent needs (its own needs none). */
      belowNeeds?: Right;
      /** What a call inside the caller's reach answers in the matrix's world, and why. */
      inReach?: { status: number; why: string };
      why: string;
    }
  >
> = {
  getAgentSignUps: { siteRoot: 'always', why: 'only the site\u2019s master agent sees sign-ups' },
  decideAgentSignUp: { siteRoot: 'always', why: 'only the site\u2019s master agent decides' },
  insertNotification: {
    siteRoot: 'withoutTarget',
    why: 'only the site\u2019s master agent notifies the whole site',
  },
  changeAgentsPassword: {
    strictlyBelow: true,
    why: 'an agent changes its own password with the e-mailed code',
  },
  getAgentOnlinePasswordStatus: { strictlyBelow: true, why: 'about sub-agents only' },
  getAgentSettings: {
    strictlyBelow: true,
    why: 'an agent\u2019s settings are its parent\u2019s to set',
  },
  setAgentSettings: {
    strictlyBelow: true,
    why: 'an agent\u2019s settings are its parent\u2019s to set',
  },
  getAgentOnlinePasswordByEmail: { strictlyBelow: true, why: 'about sub-agents only' },
  getWebhookEndpoint: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent sees webhooks',
  },
  setWebhookEndpoint: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent sets webhooks',
  },
  rotateWebhookSecret: { siteRoot: 'always', why: 'only the site\u2019s master agent rotates' },
  getWebhookDeliveries: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent sees the log',
  },
  resendWebhookDelivery: { siteRoot: 'always', why: 'only the site\u2019s master agent re-sends' },
  insertAgentPayment: {
    strictlyBelow: true,
    why: 'an agent\u2019s own settlement is entered by its master',
  },
  getIntegrationKeys: { siteRoot: 'always', why: 'only the site\u2019s master agent sees keys' },
  insertIntegrationKey: { siteRoot: 'always', why: 'only the site\u2019s master agent makes keys' },
  rotateIntegrationKey: { siteRoot: 'always', why: 'only the site\u2019s master agent rotates' },
  revokeIntegrationKey: { siteRoot: 'always', why: 'only the site\u2019s master agent revokes' },
  setAgentDeal: {
    strictlyBelow: true,
    rootSelf: { status: 409, why: 'master_has_no_deal: the master has no parent to set one' },
    why: 'a deal is set by the agent\u2019s parent (the matrix\u2019s descendants are direct children)',
  },
  setSheetCutoff: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent sets when its weeks close',
  },
  getSecondStepPolicy: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent reads the sign-in policy',
  },
  setSecondStepPolicy: {
    siteRoot: 'always',
    why: 'only the site\u2019s master agent sets the sign-in policy',
  },
  resetAgentSecondStep: {
    strictlyBelow: true,
    why: 'a parent resets a sub-agent\u2019s second step; its own is on its Security screen',
  },
  confirmTotp: {
    inReach: {
      status: 400,
      why:
        'totp_code_wrong: the matrix\u2019s code is an e-mailed one, not the authenticator\u2019s ' +
        '(StartTotp, walked first, left a key to confirm); second-step.test.ts confirms real codes',
    },
    why: 'the signed-in agent\u2019s own authenticator',
  },
  removeTotp: {
    inReach: {
      status: 409,
      why: 'totp_none: no matrix caller has a confirmed authenticator; second-step.test.ts removes one',
    },
    why: 'the signed-in agent\u2019s own authenticator',
  },
  renewRecoveryCodes: {
    inReach: {
      status: 409,
      why: 'totp_none: no matrix caller has a confirmed authenticator; second-step.test.ts renews codes',
    },
    why: 'the signed-in agent\u2019s own recovery codes',
  },
  setAlertSettings: {
    belowNeeds: 'manageAgents',
    why: 'an agent sets its own alert settings; a sub-agent\u2019s thresholds need manageAgents',
  },
  getAgentSessions: {
    strictlyBelow: true,
    why: 'an agent sees its own sessions on its Sessions screen',
  },
  endAgentSessions: {
    strictlyBelow: true,
    why: 'an agent ends its own sessions on its Sessions screen',
  },
  getLoginHistory: {
    belowNeeds: 'manageAgents',
    why: 'an agent reads its own log-ins; a sub-agent\u2019s need manageAgents',
  },
  registerPasskey: {
    inReach: {
      status: 400,
      why:
        'passkey_request_expired: the matrix sends no challenge of PasskeyRegistrationOptions; ' +
        'passkeys.test.ts registers real passkeys',
    },
    why: 'the signed-in agent\u2019s own passkeys',
  },
  renamePasskey: {
    inReach: {
      status: 404,
      why: 'passkey_not_found: no matrix caller has a passkey; passkeys.test.ts renames one',
    },
    why: 'the signed-in agent\u2019s own passkeys',
  },
  removePasskey: {
    inReach: {
      status: 403,
      why: 'proof_wrong: the matrix does not send the agent\u2019s password; passkeys.test.ts removes one',
    },
    why: 'the signed-in agent\u2019s own passkeys',
  },
  requestPlayerLimits: {
    inReach: {
      status: 409,
      why:
        'limits_within_caps: the matrix\u2019s world sets no caps, so there is nothing to ask; ' +
        'limit-requests.test.ts files, approves and refuses real requests',
    },
    why: 'a request is for limits above a cap',
  },
};

/** Public calls whose credential is a log-in's second-step challenge (second-step.test.ts). */
const SECOND_STEP_CALLS = [
  'loginSecondStep',
  'loginTotpStart',
  'loginTotpConfirm',
  'secondStepPasskeyOptions',
  'secondStepPasskey',
];

export type Expectation = { allowed: true } | { allowed: false; statuses: number[]; why: string };

const ALLOWED: Expectation = { allowed: true };
const refused = (statuses: number[], why: string): Expectation => ({
  allowed: false,
  statuses,
  why,
});

/** Whose data a kind reaches: anything below the view agent, only the agent's own, or its site's. */
const REACH: Record<TargetKind, 'subtree' | 'own' | 'site' | 'credential' | 'session'> = {
  agent: 'subtree',
  agentEmail: 'subtree',
  player: 'subtree',
  wager: 'subtree',
  wagerTicket: 'subtree',
  notification: 'own',
  signUp: 'site',
  site: 'site',
  login: 'site',
  streamTicket: 'credential',
  exportTicket: 'credential',
  export: 'session',
  webhookDelivery: 'site',
  // Decided by its approver or an agent above it; seen by no one outside those subtrees.
  limitRequest: 'subtree',
  // One of the caller's own sessions: another account's is answered as missing (sessions.test.ts).
  ownSession: 'session',
};

const OUTSIDE = new Set<Relation>(['parent', 'sibling']);

function targetOutside(
  kind: TargetKind,
  rel: AgentRelation,
  strictlyBelow: boolean,
): Expectation | null {
  switch (REACH[kind]) {
    case 'subtree':
      // Outside the subtree, on this site or another, a target answers exactly as one that does
      // not exist: a refusal must not tell a caller which ids (and whose logins) are real.
      if (rel === 'otherSite' || OUTSIDE.has(rel))
        return refused([404], 'outside the caller\u2019s subtree: answered as a missing one');
      if (rel === 'self' && strictlyBelow && (kind === 'agent' || kind === 'agentEmail'))
        return refused([403], 'the caller itself, where only agents below it are meant');
      return null;
    case 'own':
      return rel === 'self' ? null : refused([404], 'addressed to another agent');
    case 'site':
      return rel === 'otherSite' ? refused([403, 404], 'another site\u2019s data') : null;
    case 'credential':
    case 'session':
      return null;
  }
}

/** The kinds whose foreign values must be answered exactly as missing ones. */
export const PROBED_KINDS: readonly TargetKind[] = Object.entries(REACH)
  .filter(([, reach]) => reach === 'subtree')
  .map(([kind]) => kind as TargetKind);

/** A value of the kind that names nothing on any site (an id no row reaches, a free address). */
export function missingValueOf(kind: TargetKind): unknown {
  if (kind === 'agentEmail') return 'nobody-at-all@example.test';
  if (kind === 'wagerTicket') return 'W2147483646';
  return 2_147_483_646;
}

/**
 * A refusal as a caller can compare it with another: status, code, parameters and message, with
 * the value the caller gave put back as `{given}` (so "Player 7 not found" and "Player 9 not
 * found" read alike) and the request id left out.
 */
export function refusalShape(answer: { status: number; body: string }, given: unknown): string {
  const text = String(given);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return `${answer.status} ${answer.body}`;
  }
  const { RequestId: _id, Message, Params, ...rest } = body;
  // A rate limit's wait counts down between two calls: its status and code are what it says.
  if (answer.status === 429) return JSON.stringify({ status: 429, Code: rest.Code });
  const word = new RegExp(
    `(?<![\\w@.-])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w@.-])`,
    'g',
  );
  const params = Object.fromEntries(
    Object.entries((Params ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      String(v) === text ? '{given}' : v,
    ]),
  );
  return JSON.stringify({
    status: answer.status,
    ...rest,
    Params: params,
    Message: String(Message).replace(word, '{given}'),
  });
}

/**
 * `caller` is the signed-in agent; `target` the agent of the relation (the caller itself for the
 * relations that vary the caller instead). A form without target fields reaches the agent the
 * Token acts for, so there the relation's agent is put in the Token's id.
 */
export function expectedOutcome(
  name: string,
  e: Endpoint,
  form: Form,
  rel: Relation,
  caller: Agent,
  target: Agent,
  world: World,
): Expectation {
  // Its credential is the one-time token of an e-mailed link, which no caller here holds.
  if (name === 'setPasswordByLink') return refused([401], 'no e-mailed link\u2019s token');
  // Their credential is the one-time challenge of a log-in that owes a second step.
  if (SECOND_STEP_CALLS.includes(name)) return refused([401], 'no second-step challenge');
  if (e.audience === 'public') return ALLOWED;
  if (e.audience === 'site') {
    if (!isAgentRelation(rel)) return refused([401], 'no site key');
    return rel === 'otherSite' ? refused([401], 'another site\u2019s account') : ALLOWED;
  }
  // A call authenticated by a credential in its input refuses everything with 401.
  const byCredential = form.targets.some((t) => REACH[t.kind] === 'credential');
  const deny = (statuses: number[], why: string) => refused(byCredential ? [401] : statuses, why);
  if (rel === 'tamperedId') return deny([403], 'Token acts for an agent outside the tree');
  if (rel === 'player') return e.audience === 'agent' ? deny([403], 'agents only') : ALLOWED;
  if (!isAgentRelation(rel)) return deny([401], 'no live session that matches the Token');
  if (e.audience === 'player') return deny([403], 'players only');

  const actsAs = form.targets.every((t) => REACH[t.kind] === 'credential');
  if (actsAs && (OUTSIDE.has(rel) || rel === 'otherSite'))
    return deny([403], 'Token acts for an agent outside the tree');
  const view = actsAs ? target : caller;
  if (e.audience === 'session') return ALLOWED;
  if (e.right && !world.rightsOf(view.id).has(e.right)) return deny([403], `no ${e.right} right`);
  const rule = RULES[name];
  const root = view.parentId === null;
  if (!root && rule?.siteRoot === 'always') return deny([403], rule.why);
  if (!root && rule?.siteRoot === 'withoutTarget' && form.targets.length === 0)
    return deny([403], rule.why);
  if (actsAs) return rule?.inReach ? deny([rule.inReach.status], rule.inReach.why) : ALLOWED;
  if (rule?.rootSelf && root && rel === 'self' && form.targets.some((t) => t.kind === 'agent'))
    return deny([rule.rootSelf.status], rule.rootSelf.why);
  for (const t of form.targets) {
    const outside = targetOutside(t.kind, rel, Boolean(rule?.strictlyBelow));
    if (outside) return outside;
  }
  if (
    rule?.belowNeeds &&
    rel === 'descendant' &&
    form.targets.some((t) => t.kind === 'agent') &&
    !world.rightsOf(view.id).has(rule.belowNeeds)
  )
    return deny([403], rule.why);
  if (rule?.inReach) return deny([rule.inReach.status], rule.inReach.why);
  return ALLOWED;
}
