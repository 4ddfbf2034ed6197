import { describe, expect, it } from 'vitest';
import { AdmissionGate, CONNECT_TIMEOUT_MESSAGE, requestAdmission } from './admission.ts';

/** Starts an acquire inside request `name`'s admission and records when it is granted. */
function ask(gate: AdmissionGate, admission: { admitted: boolean }, order: string[], name: string) {
  return requestAdmission.run(admission, () => gate.acquire().then(() => order.push(name)));
}

describe('AdmissionGate', () => {
  it('grants at once while places are free, then in order of arrival', async () => {
    const gate = new AdmissionGate(2, 1_000);
    const order: string[] = [];
    const a = { admitted: false };
    const b = { admitted: false };
    const c = { admitted: false };
    const d = { admitted: false };
    await Promise.all([ask(gate, a, order, 'a'), ask(gate, b, order, 'b')]);
    expect(order).toEqual(['a', 'b']);
    expect(a.admitted && b.admitted).toBe(true);
    const waiting = [ask(gate, c, order, 'c'), ask(gate, d, order, 'd')];
    expect(gate.waiting).toBe(2);
    gate.release();
    gate.release();
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives a freed place to a request already in progress before newer ones', async () => {
    const gate = new AdmissionGate(1, 1_000);
    const order: string[] = [];
    const early = { admitted: false };
    await ask(gate, early, order, 'early: first query');
    const fresh = [1, 2, 3].map((i) => ask(gate, { admitted: false }, order, `new ${i}`));
    const second = ask(gate, early, order, 'early: second query');
    for (let i = 0; i < 4; i++) {
      gate.release();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all([...fresh, second]);
    expect(order).toEqual(['early: first query', 'early: second query', 'new 1', 'new 2', 'new 3']);
  });

  it('refuses a wait that runs out with the message that reads as 503, and forgets the waiter', async () => {
    const gate = new AdmissionGate(1, 20);
    await gate.acquire();
    await expect(gate.acquire()).rejects.toThrow(CONNECT_TIMEOUT_MESSAGE);
    expect(gate.waiting).toBe(0);
    gate.release();
    // The place came back: the next caller is granted at once.
    await expect(gate.acquire()).resolves.toBeUndefined();
  });

  it('serves callers outside any request too, in order of arrival', async () => {
    const gate = new AdmissionGate(1, 1_000);
    const order: string[] = [];
    await gate.acquire();
    const later = [
      gate.acquire().then(() => order.push('x')),
      gate.acquire().then(() => order.push('y')),
    ];
    gate.release();
    gate.release();
    await Promise.all(later);
    expect(order).toEqual(['x', 'y']);
  });
});
