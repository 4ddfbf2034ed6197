import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { hostChooser, parseHostList } from './host-list.ts';

describe('a connection string of several hosts', () => {
  it('reads each host and port, libpq style, and hands node-postgres the first one', () => {
    const list = parseHostList(
      'postgres://app:p%40ss@db1:5433,db2,[::1]:6000/backline?target_session_attrs=read-write&sslmode=disable',
    );
    expect(list.hosts).toEqual([
      { host: 'db1', port: 5433 },
      { host: 'db2', port: 5432 },
      { host: '::1', port: 6000 },
    ]);
    expect(list.attrs).toBe('read-write');
    expect(list.connectionString).toBe('postgres://app:p%40ss@db1:5433/backline?sslmode=disable');
    expect(list.urlFor({ host: '::1', port: 6000 })).toBe(
      'postgres://app:p%40ss@[::1]:6000/backline?sslmode=disable',
    );
  });

  it('leaves a one-host URL as it was, and takes any server by default', () => {
    const list = parseHostList('postgresql://postgres@127.0.0.1:45432/postgres');
    expect(list).toMatchObject({
      hosts: [{ host: '127.0.0.1', port: 45432 }],
      attrs: 'any',
      connectionString: 'postgresql://postgres@127.0.0.1:45432/postgres',
    });
  });

  it.each([
    ['mysql://db/backline', 'must be a postgres:// or postgresql:// URL'],
    ['postgres:///backline', 'names no host'],
    ['postgres://db1,:5432/backline', 'host ":5432" is not host[:port]'],
    ['postgres://db1:99999/backline', 'port of "db1:99999" is not a port'],
    [
      'postgres://db1,db2/backline?target_session_attrs=master',
      'target_session_attrs must be one of any, read-write, primary, read-only, standby, prefer-standby',
    ],
  ])('refuses %s: %s', (url, message) => {
    expect(() => parseHostList(url)).toThrow(message);
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(`DATABASE_URL: ${message}`);
  });

  it('goes to the only host without asking it anything', async () => {
    const chooser = hostChooser(parseHostList('postgres://u@db:5432/x'), 100);
    await expect(chooser.target()).resolves.toEqual({ host: 'db', port: 5432 });
    chooser.failed({ host: 'db', port: 5432 });
    expect(chooser.current).toEqual({ host: 'db', port: 5432 });
  });

  it('fails the connection, naming each host, when none can be reached', async () => {
    // Port 1 on loopback refuses at once: no server listens there.
    const chooser = hostChooser(
      parseHostList('postgres://u@127.0.0.1:1,127.0.0.1:2/x?target_session_attrs=read-write'),
      500,
    );
    await expect(chooser.target()).rejects.toThrow(
      'no host fits target_session_attrs=read-write (127.0.0.1:1 unreachable, 127.0.0.1:2 unreachable)',
    );
    expect(chooser.current).toBeUndefined();
  });
});
