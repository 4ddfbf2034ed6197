// Several PostgreSQL hosts in one connection string, as libpq takes them
// (postgres://user:pw@db1:5432,db2:5432/backline?target_session_attrs=read-write): every connection
// the process opens (the pool, /healthz, LISTEN, the migrator, the job queue) goes to the host
// that fits, and after a failover to the one that fits now. node-postgres takes one host only, so
// the choice is made under it, where it opens its socket (decision 037).
import { Socket } from 'node:net';

/** libpq's `target_session_attrs`, the values that name a role. */
export const SESSION_ATTRS = [
  'any',
  'read-write',
  'primary',
  'read-only',
  'standby',
  'prefer-standby',
] as const;
export type SessionAttrs = (typeof SESSION_ATTRS)[number];

export interface Host {
  host: string;
  port: number;
}

export interface HostList {
  hosts: Host[];
  attrs: SessionAttrs;
  /** The URL node-postgres parses: the first host's, without `target_session_attrs`. */
  connectionString: string;
  /** The same URL for one of the hosts. */
  urlFor(host: Host): string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/;

/** Reads a connection string of one host or several; throws a message that names what is wrong. */
export function parseHostList(url: string): HostList {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new Error('must be a postgres:// or postgresql:// URL');
  const [, scheme, auth, hostPart, rest] = parts as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  if (!hostPart) throw new Error('names no host');
  const hosts = hostPart.split(',').map((entry): Host => {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(entry);
    const [, host, port] = bracketed ?? plain ?? [];
    if (!host) throw new Error(`host "${entry}" is not host[:port]`);
    const number = port === undefined ? 5432 : Number(port);
    if (!Number.isInteger(number) || number < 1 || number > 65535)
      throw new Error(`port of "${entry}" is not a port`);
    return { host, port: number };
  });
  const [path, query = ''] = rest.split(/\?(.*)/s) as [string, string?];
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (!(SESSION_ATTRS as readonly string[]).includes(attrs))
    throw new Error(`target_session_attrs must be one of ${SESSION_ATTRS.join(', ')}`);
  params.delete('target_session_attrs');
  const search = params.size > 0 ? `?${params}` : '';
  const urlFor = ({ host, port }: Host) =>
    `${scheme}${auth === undefined ? '' : `${auth}@`}${host.includes(':') ? `[${host}]` : host}:${port}${path}${search}`;
  return { hosts, attrs: attrs as SessionAttrs, connectionString: urlFor(hosts[0]!), urlFor };
}

/** Whether a server in that role fits, on the first pass (`prefer-standby` takes any on a second). */
function fits(attrs: SessionAttrs, standby: boolean): boolean {
  switch (attrs) {
    case 'read-write':
    case 'primary':
      return !standby;
    case 'read-only':
    case 'standby':
    case 'prefer-standby':
      return standby;
    case 'any':
      return true;
  }
}

export interface HostChooser {
  /** The host new connections go to: found by asking each host its role when not yet known. */
  target(): Promise<Host>;
  /** A connection to `host` failed: the next one asks the hosts again. */
  failed(host: Host): void;
  /** Which host fits now, as last found (for logs and tests). */
  readonly current: Host | undefined;
}

/**
 * Finds the host that fits: each in the order given, asked whether it is in recovery (a standby),
 * as libpq does; with one host and `any`, that host without asking. One search at a time; a
 * search that finds none fails the connections waiting on it (they answer 503) and the next
 * connection searches again.
 */
export function hostChooser(list: HostList, probeTimeoutMs: number): HostChooser {
  const single = list.hosts.length === 1 && list.attrs === 'any';
  let current: Host | undefined = single ? list.hosts[0] : undefined;
  let search: Promise<Host> | undefined;

  async function role(host: Host): Promise<boolean | undefined> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: list.urlFor(host),
      connectionTimeoutMillis: probeTimeoutMs,
      query_timeout: probeTimeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>(
        'select pg_is_in_recovery() as standby',
      );
      return rows[0]!.standby;
    } catch {
      return undefined;
    } finally {
      void client.end().catch(() => {});
    }
  }

  async function find(): Promise<Host> {
    const roles = await Promise.all(list.hosts.map(role));
    const fitting = roles.findIndex(
      (standby) => standby !== undefined && fits(list.attrs, standby),
    );
    const index =
      fitting < 0 && list.attrs === 'prefer-standby'
        ? roles.findIndex((standby) => standby !== undefined)
        : fitting;
    if (index < 0) {
      const seen = list.hosts.map((h, i) => `${h.host}:${h.port} ${describe(roles[i])}`);
      throw new Error(`no host fits target_session_attrs=${list.attrs} (${seen.join(', ')})`);
    }
    return list.hosts[index]!;
  }

  return {
    get current() {
      return current;
    },
    target() {
      if (current) return Promise.resolve(current);
      search ??= find()
        .then((host) => (current = host))
        .finally(() => (search = undefined));
      return search;
    },
    failed(host) {
      if (single) return;
      if (current && current.host === host.host && current.port === host.port) current = undefined;
    },
  };
}

function describe(standby: boolean | undefined): string {
  return standby === undefined ? 'unreachable' : standby ? 'standby' : 'primary';
}

/**
 * What node-postgres is given to connect through the chooser: its `stream` option makes each
 * connection's socket, which connects to the chosen host whatever host pg asks for. A socket
 * that fails before it connects tells the chooser, so the next connection asks again.
 */
export interface PgConnection {
  connectionString: string;
  stream: () => Socket;
  chooser: HostChooser;
}

export function pgConnection(url: string, probeTimeoutMs = 2_000): PgConnection {
  const list = parseHostList(url);
  const chooser = hostChooser(list, probeTimeoutMs);
  return {
    connectionString: list.connectionString,
    chooser,
    stream: () => new ChosenHostSocket(chooser),
  };
}

class ChosenHostSocket extends Socket {
  readonly #chooser: HostChooser;
  constructor(chooser: HostChooser) {
    super();
    this.#chooser = chooser;
  }

  // pg calls connect(port, host) once and then waits for 'connect' or 'error'.
  override connect(...args: unknown[]): this {
    if (typeof args[0] !== 'number' && typeof args[0] !== 'string') {
      return super.connect(...(args as Parameters<Socket['connect']>));
    }
    this.#chooser.target().then(
      (host) => {
        if (this.destroyed) return;
        const told = () => this.#chooser.failed(host);
        this.once('error', told);
        this.once('connect', () => this.off('error', told));
        super.connect(host.port, host.host);
      },
      (error: Error) => this.destroy(error),
    );
    return this;
  }
}
