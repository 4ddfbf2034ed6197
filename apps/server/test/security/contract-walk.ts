// Reads every endpoint of the contract as data: its input fields (as JSON Schema), which of them
// name a target, and the forms it can be called in. A new endpoint is walked without editing this.
import { z } from 'zod';
import { api, platformApi, type Endpoint, type PlatformEndpoint } from '@backline/contract';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** What a field names: whose data a call reaches. */
export type TargetKind =
  | 'agent'
  | 'agentEmail'
  | 'player'
  | 'wager'
  | 'wagerTicket'
  | 'notification'
  | 'signUp'
  | 'site'
  | 'login'
  | 'streamTicket'
  | 'exportTicket'
  | 'export'
  | 'webhookDelivery'
  | 'limitRequest'
  | 'ownSession';

/** Field names that name a target, whatever the endpoint. */
export const TARGET_FIELDS: Readonly<Record<string, TargetKind>> = {
  idAgent: 'agent',
  idTargetAgent: 'agent',
  IdAgent: 'agent',
  agent: 'agent',
  email: 'agentEmail',
  idPlayer: 'player',
  IdPlayer: 'player',
  idWager: 'wager',
  ticketNumber: 'wagerTicket',
  idNotification: 'notification',
  IdSignUp: 'signUp',
  SiteId: 'site',
  Player: 'login',
  ticket: 'streamTicket',
  exportTicket: 'exportTicket',
  idExport: 'export',
  IdDelivery: 'webhookDelivery',
  idRequest: 'limitRequest',
  IdSession: 'ownSession',
};

/**
 * Fields that look like references but reach nobody's data, with the reason; `call.field` for a
 * name that is a target in other calls.
 */
export const NOT_TARGETS: Readonly<Record<string, string>> = {
  idCurrency: 'a currency of the platform, the same list for every site',
  idEvent:
    'a game: it only narrows the open wagers of the caller\u2019s own subtree (a game of another site has none of them; position.test.ts checks it)',
  lastEventId: 'a cursor: only notifications addressed to the stream\u2019s own agent follow it',
  beforeId:
    'a keyset cursor of the audit log: it only narrows the rows of the caller\u2019s own site or subtree',
  idActor:
    'the agent whose acts the audit log lists: it only narrows the rows of the caller\u2019s own subtree (an agent above may have acted there; audit-log.test.ts)',
  idempotencyKey: 'a key the caller makes up for its own request',
  Token: 'a one-time log-in token, itself the credential (auth.test.ts covers it)',
  CaptchaToken: 'the captcha provider\u2019s answer',
  Login: 'the login an applicant asks for',
  login:
    'the login a new player or agent is given (CreatePlayer, CreateAgent); their tests refuse a taken one',
  'createPlayer.email': 'the new player\u2019s own address, where its access link is sent',
  'createAgent.email':
    'the new agent\u2019s own address (its session\u2019s name); agent-create.test.ts refuses a taken one',
  Email: 'the applicant\u2019s own e-mail address',
  'setAlertSettings.email':
    'where the caller\u2019s own alerts go; setting another agent\u2019s is refused (alerts.test.ts)',
  IdKey:
    'an integration key, looked up in the session\u2019s own site only (another site\u2019s id is not found); platform-feed.test.ts covers the master-only rule',
  IdPasskey:
    'one of the signed-in agent\u2019s own passkeys, looked up by its agent too (another agent\u2019s is not found: passkeys.test.ts)',
  id: 'a WebAuthn credential id inside a passkey\u2019s Response: passkeys.test.ts refuses another agent\u2019s',
  rawId: 'the same credential id in bytes, as WebAuthn sends it beside id',
  IdParent:
    'the parent an approval gives a new agent; the matrix\u2019s decisions reject (samples.ts), and sign-up.test.ts refuses a parent outside the approver\u2019s tree or site',
};

/** A field whose name says it points at something: it must be in one of the two tables above. */
const REFERENCE_LIKE =
  /^ids?$|^(id|Id)[A-Z_]|[a-z](Id|ID|Ids)$|[Tt]oken$|^([Aa]gent|[Pp]layer|[Ee]mail|[Ll]ogin|[Ss]ite|[Tt]icket(Number)?|[Ww]ager|[Uu]ser|[Aa]ccount)s?$/;

export type Part = 'query' | 'body';

export interface ContractEndpoint {
  name: string;
  e: Endpoint;
  query: JsonSchema | undefined;
  body: JsonSchema | undefined;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
}

export const endpoints: ContractEndpoint[] = Object.entries(api as Record<string, Endpoint>).map(
  ([name, e]) => ({
    name,
    e,
    query: e.query ? jsonSchemaOf(e.query) : undefined,
    body: e.body ? jsonSchemaOf(e.body) : undefined,
  }),
);

/**
 * The concrete shapes a part accepts: every union of objects, at any depth, resolved into one
 * branch (a discriminated union of report filters becomes one shape per report).
 */
export function branches(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const objects = alternatives.filter((a) => a.type === 'object' || a.anyOf || a.oneOf);
    return objects.length ? objects.flatMap(branches) : [schema];
  }
  if (schema.type !== 'object' || !schema.properties) return [schema];
  let out: JsonSchema[] = [{ ...schema, properties: {} }];
  for (const [key, property] of Object.entries(schema.properties)) {
    const options = branches(property);
    out = out.flatMap((o) =>
      options.map((p) => ({ ...o, properties: { ...o.properties, [key]: p } })),
    );
  }
  return out;
}

export interface Field {
  part: Part;
  path: string[];
  /** Set in every call of this shape: required here and in every object around it. */
  required: boolean;
  schema: JsonSchema;
}

function fieldsIn(part: Part, schema: JsonSchema | undefined): Field[] {
  const out: Field[] = [];
  const walk = (s: JsonSchema, path: string[], required: boolean) => {
    for (const [key, property] of Object.entries(s.properties ?? {})) {
      const here = [...path, key];
      const req = required && (s.required?.includes(key) ?? false);
      out.push({ part, path: here, required: req, schema: property });
      if (property.type === 'object') walk(property, here, req);
    }
  };
  if (schema) walk(schema, [], true);
  return out;
}

const nameOf = (path: string[]) => path[path.length - 1]!;

function classifiedForTheApi(name: string): boolean {
  return Object.hasOwn(TARGET_FIELDS, name) || Object.hasOwn(NOT_TARGETS, name);
}

/**
 * `endpoint.part.path` of every reference-like field its tables do not classify: by default the
 * agent API's fields against the two tables above; the feed's against FEED_FIELDS.
 */
export function unclassifiedFields(
  list: readonly {
    name: string;
    query?: JsonSchema | undefined;
    body?: JsonSchema | undefined;
  }[] = endpoints,
  known: (name: string) => boolean = classifiedForTheApi,
): string[] {
  const out = new Set<string>();
  for (const c of list) {
    for (const part of ['query', 'body'] as const) {
      for (const shape of branches(c[part])) {
        for (const f of fieldsIn(part, shape)) {
          const name = nameOf(f.path);
          if (REFERENCE_LIKE.test(name) && !known(name))
            out.add(`${c.name}.${part}.${f.path.join('.')}`);
        }
      }
    }
  }
  return [...out];
}

/** A call of the platform feed (`platformApi`, its own list: no session ever calls it). */
export interface FeedEndpoint {
  name: string;
  e: PlatformEndpoint;
  /** The JSON body's schema; undefined for the NDJSON batch, whose lines are events. */
  body: JsonSchema | undefined;
}

export const feedEndpoints: FeedEndpoint[] = Object.entries(
  platformApi as Record<string, PlatformEndpoint>,
).map(([name, e]) => ({ name, e, body: e.contentType ? undefined : jsonSchemaOf(e.body) }));

/**
 * What the feed's reference-like fields name. A key reaches its own site only: every lookup of a
 * login or a platform id is filtered by the key's site, so another site's value is answered as a
 * missing one (platform-matrix.test.ts checks it for every event type).
 */
export const FEED_FIELDS: Readonly<Record<string, string>> = {
  Player: 'a player of the key\u2019s site, by login (created by player.created)',
  Agent: 'an agent of the key\u2019s site, by login (created by agent.created)',
  Parent: 'the agent of the key\u2019s site a new or moved agent goes under',
  Wager: 'the platform\u2019s own id of a wager of the key\u2019s site',
  Game: 'the platform\u2019s own id of a game of the key\u2019s site',
  EventId: 'the platform\u2019s own id of the event, unique per site',
  PlatformId: 'the platform\u2019s own id of a new agent or player, unique per site',
  Email: 'the new agent\u2019s or player\u2019s own address',
};

export interface TargetField {
  part: Part;
  path: string[];
  kind: TargetKind;
}

/**
 * One way to call an endpoint: a shape of each part and the target fields it sets. Every required
 * target is set, and each optional one gets a form of its own; the form that sets no target
 * reaches the agent the caller acts for (the Token's id).
 */
export interface Form {
  endpoint: ContractEndpoint;
  label: string;
  query: JsonSchema | undefined;
  body: JsonSchema | undefined;
  targets: TargetField[];
}

/** What tells a shape from its siblings: its constant fields (a discriminator). */
function shapeLabel(schema: JsonSchema | undefined): string {
  return Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.const !== undefined)
    .map(([k, p]) => `${k}=${String(p.const)} `)
    .join('');
}

export function formsOf(c: ContractEndpoint): Form[] {
  const queries = c.query ? branches(c.query) : [undefined];
  const bodies = c.body ? branches(c.body) : [undefined];
  const forms: Form[] = [];
  for (const query of queries) {
    for (const body of bodies) {
      const all = [...fieldsIn('query', query), ...fieldsIn('body', body)].flatMap((f) => {
        // A name that is a target elsewhere may, in one call, name nothing (NOT_TARGETS by call).
        const own = Object.hasOwn(NOT_TARGETS, `${c.name}.${nameOf(f.path)}`);
        const kind = own ? undefined : TARGET_FIELDS[nameOf(f.path)];
        // A credential in the input (a stream ticket) is always sent: without it nobody gets in.
        const credential = kind === 'streamTicket' || kind === 'exportTicket';
        return kind ? [{ ...f, kind, required: f.required || credential }] : [];
      });
      const required = all.filter((t) => t.required);
      const optional = all.filter((t) => !t.required);
      for (const targets of [required, ...optional.map((t) => [...required, t])]) {
        const fields = targets.map((t) => t.path.join('.')).join('+');
        forms.push({
          endpoint: c,
          label: `${shapeLabel(query)}${shapeLabel(body)}${fields || 'as Token id'}`,
          query,
          body,
          targets: targets.map(({ part, path, kind }) => ({ part, path, kind })),
        });
      }
    }
  }
  return forms;
}

/** Every field a form's query and body can set, at any depth, with its schema. */
export function fieldsOf(form: Form): Field[] {
  return [...fieldsIn('query', form.query), ...fieldsIn('body', form.body)];
}

/** A field that names a row by its number: a target's id or any other reference that is a number. */
export function isIdField(f: Field): boolean {
  const name = nameOf(f.path);
  const type = f.schema.type;
  return (type === 'integer' || type === 'number') && REFERENCE_LIKE.test(name);
}

/** A field that takes text (free text, a pattern, a format or one of a list). */
export const isTextField = (f: Field): boolean => f.schema.type === 'string';

/** Answers with a stream (events or a file), not a JSON body: the contract types it as text. */
export function answersWithStream(e: Endpoint): boolean {
  return e.response instanceof z.ZodString;
}
