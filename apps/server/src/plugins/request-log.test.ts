import { describe, expect, it } from 'vitest';
import { loggerOptions, maskedUrl } from './request-log.ts';

describe('the request log', () => {
  it('masks credentials that travel in a URL and keeps the rest', () => {
    expect(
      maskedUrl('/api/reports/AgentSiteFrames/NotificationStream?ticket=abc&lastEventId=4'),
    ).toBe('/api/reports/AgentSiteFrames/NotificationStream?ticket=redacted&lastEventId=4');
    expect(maskedUrl('/x?Token=1&token=2&code=3')).toBe(
      '/x?Token=redacted&token=redacted&code=redacted',
    );
    expect(maskedUrl('/x?idAgent=7')).toBe('/x?idAgent=7');
    expect(maskedUrl('/x')).toBe('/x');
    expect(maskedUrl('/api/reports/AgentSiteFrames/Export/Abc-123_x')).toBe(
      '/api/reports/AgentSiteFrames/Export/redacted',
    );
    expect(maskedUrl('/api/reports/AgentSiteFrames/ExportTicket')).toBe(
      '/api/reports/AgentSiteFrames/ExportTicket',
    );
  });

  it('logs a failed query without its parameter values, down the cause chain', () => {
    const cause = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const err = Object.assign(
      new Error(
        'Failed query: insert into verification_codes values ($1)\nparams: 5f2b9c-secret-hash',
        {
          cause,
        },
      ),
      { query: 'insert into verification_codes values ($1)', params: ['5f2b9c-secret-hash'] },
    );
    const logged = loggerOptions('error').serializers.err(err);
    expect(JSON.stringify(logged)).not.toContain('secret-hash');
    expect(logged.message).toContain('params: redacted');
    expect(logged.query).toBe('insert into verification_codes values ($1)');
    expect((logged.cause as { code: string }).code).toBe('22021');
  });
});
