import { describe, expect, it } from 'vitest';
import { auditActionKey, auditGroupMatch, auditGroupOf } from './audit-log.ts';

describe('audit groups', () => {
  it('puts each action the server writes in its group, by name or by prefix', () => {
    expect(auditGroupOf('login')).toBe('login');
    expect(auditGroupOf('logout')).toBe('login');
    expect(auditGroupOf('sessions.ended_by_parent')).toBe('login');
    expect(auditGroupOf('second_step.reset')).toBe('login');
    expect(auditGroupOf('payment.player')).toBe('payments');
    expect(auditGroupOf('payment.agent')).toBe('payments');
    expect(auditGroupOf('free_play.entered')).toBe('freePlay');
    expect(auditGroupOf('limit_request.approved')).toBe('limits');
    expect(auditGroupOf('player.access')).toBe('status');
    expect(auditGroupOf('agent.deal_defaults')).toBe('deals');
    expect(auditGroupOf('platform_key.rotated')).toBe('keys');
    expect(auditGroupOf('webhook.resent')).toBe('keys');
    expect(auditGroupOf('signup.approved')).toBe('approvals');
    expect(auditGroupOf('agent.act-as')).toBe('actingFor');
    expect(auditGroupOf('notification.insert')).toBeNull();
  });

  it('matches a prefix only at the start, and an exact name only whole', () => {
    expect(auditGroupOf('loginx')).toBeNull();
    expect(auditGroupOf('x.payment.player')).toBeNull();
    expect(auditGroupMatch('limits')).toEqual({
      exact: ['player.limits'],
      prefixes: ['limit_request.'],
    });
  });

  it('keys an action for the translations without dots or dashes', () => {
    expect(auditActionKey('agent.act-as')).toBe('agent_act_as');
  });
});
