// Every refusal the server gives has a stable code: the web app words it in the reader's language
// from the code and its parameters, never from the English message. The English text of each code
// lives here, so the list of codes is this table's keys and a code cannot exist without its words.

/** English wording of each code; `{{name}}` is a parameter, `{{field}}` names a field of the call. */
export const ERROR_MESSAGES = {
  // Any call
  invalid_request: 'The request was refused as sent',
  invalid_field: 'Check {{field}}: the value is not valid',
  field_required: '{{field}} is required',
  not_found: 'Not found',
  body_too_large: 'The request is too large',
  input_too_deep: 'The request is nested more than {{depth}} levels deep',
  input_too_large: 'The request holds more than {{count}} values',
  text_unstorable:
    '{{field}} holds a character that cannot be stored (a NUL or a lone UTF-16 surrogate); remove it',
  request_timeout: 'The request did not arrive in time',
  server_error: 'Server error',
  service_unavailable: 'The service is briefly unavailable; try again',
  csrf_failed: 'The page lost its security token; reload it and try again',
  too_many_attempts: 'Too many attempts; try again in {{seconds}} s',
  // Sessions and rights
  unauthorized: 'Unauthorized',
  session_ended: 'Your session has ended; log in again',
  token_malformed: 'The session token is not valid; log in again',
  token_mismatch: 'The token does not match its session',
  wrong_credentials: 'Wrong login or password',
  wrong_site_key: 'Wrong or missing site key',
  account_not_found: 'No active account {{login}} on this site',
  link_expired: 'This link has expired or was already used; ask for a new one',
  agents_only: 'This is for agents only',
  players_only: 'This is for players only',
  right_required: 'You need the "{{right}}" right for this',
  session_not_found: 'Session {{session}} not found',
  own_sessions_elsewhere: 'End your own sessions on the Sessions screen',
  // Who is in the caller's tree
  agent_not_found: 'Agent {{agent}} not found',
  agent_outside_tree: 'Agent {{agent}} is outside your tree',
  player_not_found: 'Player {{player}} not found',
  // A player's limits (DOMAIN.md "Running the book")
  over_agent_cap: '{{field}} is above the cap of agent {{agent}} ({{cap}})',
  no_agent_above_cap: 'Agent {{agent}} has no agent above it to approve limits over its cap',
  limits_within_caps: 'These limits are within every cap: set them without a request',
  limit_request_not_found: 'Limit request {{request}} not found',
  limit_request_above: 'This request is decided by agent {{agent}}, above you',
  limit_request_decided: 'This request was already decided or replaced',
  temp_credit_expiry: 'Temporary credit needs an expiry in the future',
  // Passwords and codes
  password_common: 'The {{field}} is one of the most common passwords; choose another',
  password_context:
    'The {{field}} contains the account\u2019s name or a word of the site (such as backline or sportsbook); choose another',
  password_unchanged: 'The {{field}} must differ from the current password',
  own_password_elsewhere: 'Change your own password on the Change password screen',
  agent_email_not_found: 'No agent with e-mail {{email}} in your tree',
  agent_inactive: 'This agent is not active',
  account_without_email: 'There is no e-mail address on this account; ask your agent',
  code_not_requested: 'Ask for a code first',
  code_expired: 'The code has expired; ask for a new one',
  code_too_many_tries: 'Too many wrong tries; ask for a new code',
  code_wrong: 'The code is wrong; {{tries}} tries left',
  code_not_verified: 'Verify the code first',
  url_invalid: '{{field}} must be a web address',
  // Passkeys (WebAuthn)
  passkey_not_found: 'Passkey {{passkey}} not found',
  passkey_request_expired: 'The passkey request has expired or was already used; try again',
  passkey_refused: 'The passkey was not accepted; try again or use another one',
  passkey_registered: 'This passkey is already registered',
  passkey_none: 'There is no passkey on this account',
  origin_not_allowed: '{{field}} is not one of this site\u2019s allowed addresses',
  // Two-step sign-in (authenticator app and recovery codes)
  second_step_expired: 'This sign-in has expired or was already used; log in again',
  second_step_code_wrong: 'The code is wrong; {{tries}} tries left',
  second_step_enrol_first: 'Set up an authenticator app to finish signing in',
  second_step_enrolled: 'This account already has a second step: sign in with it',
  totp_enrolled: 'An authenticator app is already set up; remove it first',
  totp_not_started: 'Start setting up the authenticator app first',
  totp_code_wrong: 'The code is wrong; check the app shows this account and try the next code',
  totp_none: 'There is no authenticator app on this account',
  proof_wrong: 'The code or the password is wrong',
  second_step_last_method:
    'Your site requires a second step: add another method before removing your last one',
  own_second_step_elsewhere: 'Manage your own second step on the Security screen',
  policy_master_only: 'Only the site\u2019s master agent sets the sign-in policy',
  // Sign-up
  site_not_found: 'Site {{site}} not found',
  sign_up_closed: 'Sign-up is closed on this site',
  captcha_required: 'Solve the captcha first',
  captcha_failed: 'The captcha was not solved; try again',
  captcha_unavailable: 'The captcha service did not answer; try again',
  country_unknown: 'The country is not a known country',
  phone_invalid: 'The phone number must have 6 to 15 digits',
  birth_date_future: 'The birth date must be in the past',
  email_registered: 'This e-mail is already registered on this site',
  login_taken: 'Login {{login}} is already taken on this site',
  email_taken: 'E-mail {{email}} is already taken on this site',
  sign_up_not_found: 'Sign-up {{signUp}} not found',
  sign_up_decided: 'This sign-up was already decided',
  sign_up_master_only: 'Only the master agent of the site decides sign-ups',
  approval_incomplete: 'Choose the parent, the rights and both caps to approve',
  parent_not_in_tree: 'The parent is not an agent of your tree',
  right_unknown: 'Unknown right {{right}}',
  right_beyond_own: 'The right "{{right}}" is beyond your own rights',
  right_beyond_parent: 'A sub-agent cannot hold "{{right}}": its master agent does not',
  view_only_inherited: 'A sub-agent of a view-only agent is view-only too',
  own_settings_by_parent: 'Your own rights and caps are set by the agent above you',
  cap_above_parent: '{{field}} is above the parent\u2019s cap ({{cap}})',
  // Money and wagers
  amount_invalid: 'The amount must be a non-zero whole number of cents',
  amount_not_positive: 'The {{field}} must be a positive amount',
  payment_method_unknown: 'Unknown payment method {{method}}',
  payment_not_found: 'Payment {{payment}} not found',
  idempotency_key_reused: 'This payment was already sent with different figures',
  adjustment_key_reused: 'This adjustment was already sent with different figures',
  message_key_reused: 'This message was already sent with other words',
  free_play_removal_short: 'Player {{player}} holds {{cap}} of free play; no more can be removed',
  // Agent deals and the master sheet (decision 033)
  deal_by_parent: 'Only the parent of agent {{agent}} sets its deal',
  deal_week_closed:
    'The sheet of the week of {{week}} is closed; a deal can start on {{first}} at the earliest',
  master_has_no_deal: 'The master agent has no parent and no deal',
  sheet_week_ahead: 'The week of {{week}} is ahead: the latest sheet is the week of {{latest}}',
  sheet_cutoff_master_only:
    'Only the site\u2019s master agent sets when a week\u2019s sheet closes',
  own_settlement_by_master: 'Your own settlements with your master are entered by your master',
  no_master_to_settle: 'Agent {{agent}} has no master agent to settle with',
  ledger_type_unknown: 'Unknown transaction type {{type}}',
  ledger_type_not_direct: 'This transaction type is posted through payments or wagers',
  currency_unknown: 'Unknown currency {{currency}}',
  rate_missing: 'No rate from {{from}} to {{to}} on this site',
  wager_not_found: 'Wager {{wager}} not found',
  wager_type_unknown: 'Unknown wager type {{wagerType}}',
  wager_without_legs: 'A wager needs at least one leg',
  wager_legs_mismatch: 'Wager {{wager}} has {{legs}} legs, not {{given}}',
  event_not_found: 'Event {{event}} not found',
  free_play_short: 'The free-play balance does not cover this risk',
  result_unknown: 'Unknown result {{result}}',
  wager_not_open: 'Wager {{wager}} is not open',
  wager_not_graded: 'Wager {{wager}} is not graded',
  wager_already_graded: 'Wager {{wager}} is already graded {{result}}',
  wager_already_deleted: 'Wager {{wager}} is already deleted',
  reason_required: 'Give a reason',
  // Webhooks back to the platform
  webhook_master_only: 'Only the site\u2019s master agent manages webhooks',
  webhook_not_configured: 'Set the webhook address first',
  webhook_delivery_not_found: 'Delivery {{delivery}} not found',
  alert_destinations_own: 'Only the agent itself sets where its alerts go',
  alert_thresholds_empty:
    'Set at least one alert, or leave the thresholds to the agent above (no thresholds of its own)',
  webhook_url_private:
    '{{field}} is a loopback or private address; give one the platform\u2019s servers answer on',
  // Reports, exports and notifications
  range_too_long: 'A report covers at most {{days}} days; narrow the dates',
  export_too_large: '{{count}} rows match; an export holds at most {{max}}: narrow the filters',
  export_row_limit: 'An export holds at most {{max}} rows: narrow the filters',
  notification_not_found: 'Notification {{notification}} not found',
  notify_site_master_only:
    'Only the site\u2019s master agent may notify the whole site; choose an agent',
  stream_ticket_required: 'A stream ticket is required',
  stream_ticket_invalid: 'The stream ticket is unknown, used or expired',
  export_not_found: 'Export {{export}} not found',
  export_ticket_invalid: 'The download link is unknown, used or expired; export again',
  export_ticket_other_session: 'The download link answers only the session that asked for it',
  // Integration keys and the platform feed
  integration_master_only: 'Only the site\u2019s master agent manages integration keys',
  integration_key_not_found: 'Integration key {{key}} not found',
  integration_key_revoked: 'Integration key {{key}} is revoked',
  platform_key_invalid: 'The integration key is unknown, revoked or expired',
  signature_invalid: 'The request signature is missing or does not match the body',
  signature_stale:
    'The request signature is more than {{seconds}} s away from the server\u2019s time',
  signature_replayed: 'This signed request was already received',
  scope_required: 'The integration key lacks the "{{scope}}" scope',
  event_id_reused: 'Event {{event}} was already received with another body',
  event_time_future: 'The event is dated more than {{seconds}} s ahead of the server\u2019s time',
  event_not_json: 'The line is not a JSON event',
  batch_too_large: 'A batch holds at most {{max}} events',
  wager_not_placed:
    'Wager {{wager}} has not been placed yet; send its placing first, then this event again',
  wager_exists: 'Wager {{wager}} was already placed',
  game_not_created:
    'Game {{game}} has not been created yet; send its creation first, then this event again',
  game_exists: 'Game {{game}} already exists',
  agent_move_into_own_subtree:
    'Agent {{agent}} cannot go under {{parent}}: that is itself or below it',
  site_root_not_movable:
    'Agent {{agent}} is the site\u2019s master agent and has no parent to change',
  // The accept rule (DOMAIN.md): why a wager is refused
  player_suspended: 'Player {{player}} may not bet ({{status}})',
  product_off: '{{product}} is off for player {{player}}',
  below_minimum: 'The risk is below the minimum wager of {{cap}}',
  over_maximum: 'The risk is above the maximum wager of {{cap}}',
  over_sport_maximum: 'The risk is above the maximum of {{cap}} for this sport',
  too_many_legs: 'A wager may have at most {{legs}} legs',
  over_payout: 'The payout is above the maximum of {{cap}}',
  insufficient_credit: 'The risk is above the available credit of {{cap}}',
  insufficient_free_play: 'The risk is above the free-play balance of {{cap}}',
  unknown_player: 'No player {{player}} on this site',
  event_closed: 'Game {{game}} is closed to wagers',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The one list of codes: the web app's translations are checked against it. */
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/**
 * A refusal's parameters: a login, a count, seconds, a field's path in the call (`field`, which
 * the web app turns into the field's label), or a right, result or method (which it translates).
 */
export type ErrorParams = Record<string, string | number>;

/** Parameters that are amounts in minor units (cents): worded as money, not as a count. */
export const MONEY_PARAMS: readonly string[] = ['cap'];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/** `NewPassword`, `idPlayer`, `Legs.0.Risk` -> `new password`, `player`, `risk`: a field in words. */
export function fieldWords(path: string): string {
  const name = fieldName(path);
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^id (?=\w)/, '');
  return words || 'a field';
}

/** The field a path names: its last segment that is not an array index, with a lower-case first letter. */
export function fieldName(path: string): string {
  const name = path.split('.').findLast((s) => s !== '' && !/^\d+$/.test(s)) ?? '';
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The English message of a code, as the API's `Message` carries it beside the code. */
export function errorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  const text = ERROR_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return fieldWords(String(value));
    if (MONEY_PARAMS.includes(name)) return (Number(value) / 100).toFixed(2);
    return String(value);
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
