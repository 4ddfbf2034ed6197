import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/assets/i18n/en.json';
import es from '../../../../public/assets/i18n/es.json';
import {
  actionLabel,
  actorLabel,
  changeText,
  originText,
  targetLabel,
  valueText,
} from './audit-words';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({ lng: 'es', resources: { en: { translation: en }, es: { translation: es } } }),
);
const t = i18n.t.bind(i18n);

describe('audit words', () => {
  it('words an action in the reader language, and an unknown one as it is stored', () => {
    expect(actionLabel(t, 'payment.player')).toBe('Pago de jugador');
    expect(actionLabel(t, 'agent.act-as')).toBe('Abrió la vista de un subagente');
    expect(actionLabel(t, 'something.new')).toBe('something.new');
  });

  it('words a coded value (how a log-in was made, a status) in the reader language', () => {
    const money = { currency: null, locale: 'es-ES' };
    expect(valueText('method', 'password', money, t)).toBe('Contraseña');
    expect(changeText(t, { Field: 'status', Before: 'active', After: 'suspended' }, money)).toMatch(
      /Activo → Suspendido$/,
    );
    expect(valueText('method', 'carrier-pigeon', money, t)).toBe('carrier-pigeon');
  });

  it('names the platform and the system in words, an agent by its login', () => {
    expect(actorLabel(t, { Actor: '', ActorKind: 'platform' })).toBe('Plataforma');
    expect(actorLabel(t, { Actor: 'MASTER', ActorKind: 'agent' })).toBe('MASTER');
  });

  it('names the target with its kind, by login, ticket or id', () => {
    expect(targetLabel(t, { TargetKind: 'player', Target: 'PL1001', IdTarget: 7 })).toBe(
      'Jugador PL1001',
    );
    expect(targetLabel(t, { TargetKind: 'key', Target: null, IdTarget: 4 })).toBe(
      'Clave de integración #4',
    );
    expect(targetLabel(t, { TargetKind: null, Target: null, IdTarget: null })).toBe('');
  });

  it('writes a change as field: before → after, amounts in the row currency, a missing side as a dash', () => {
    const money = { currency: 'USD', locale: 'en-US' };
    expect(changeText(t, { Field: 'balance', Before: '-12000', After: '500' }, money)).toBe(
      'Saldo: -$120.00 → $5.00',
    );
    expect(changeText(t, { Field: 'url', Before: null, After: 'https://x.test' }, money)).toBe(
      'Dirección: — → https://x.test',
    );
    expect(
      changeText(
        t,
        { Field: 'Notes', Before: '12', After: '13' },
        { currency: null, locale: 'en' },
      ),
    ).toBe('Notes: 12 → 13');
  });

  it('joins the origin parts that are known', () => {
    expect(originText({ Ip: '203.0.113.7', Country: 'MX', Device: 'Chrome (Android)' })).toBe(
      '203.0.113.7 · MX · Chrome (Android)',
    );
    expect(originText({ Ip: '10.0.0.1', Country: null, Device: null })).toBe('10.0.0.1');
  });
});
