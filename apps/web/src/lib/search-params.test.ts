import { QueryBool } from '@backline/contract/core/endpoint';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { patchParams, readParam } from './search-params';

const readFlag = (params: URLSearchParams, name: string) =>
  readParam(params, name, QueryBool, false);

describe('search params', () => {
  it('read a value with its schema, or the fallback when absent or unusable', () => {
    const id = z.coerce.number().int().positive().optional();
    expect(readParam(new URLSearchParams('idPlayer=12'), 'idPlayer', id, 0)).toBe(12);
    expect(readParam(new URLSearchParams('idPlayer=abc'), 'idPlayer', id, 0)).toBe(0);
    expect(readParam(new URLSearchParams(''), 'idPlayer', id, 7)).toBe(7);
  });

  it('read flags written as 1 or true', () => {
    expect(readFlag(new URLSearchParams('activeOnly=1'), 'activeOnly')).toBe(true);
    expect(readFlag(new URLSearchParams('activeOnly=true'), 'activeOnly')).toBe(true);
    expect(readFlag(new URLSearchParams('activeOnly=yes'), 'activeOnly')).toBe(false);
    expect(readFlag(new URLSearchParams(''), 'activeOnly')).toBe(false);
  });

  it('patch only the named parameters; false and null remove them', () => {
    const next = patchParams(new URLSearchParams('period=3&activeOnly=1&idAgent=5'), {
      activeOnly: false,
      withBalanceOnly: true,
      idAgent: null,
      period: 2,
    });
    expect(next.toString()).toBe('period=2&withBalanceOnly=1');
  });
});
