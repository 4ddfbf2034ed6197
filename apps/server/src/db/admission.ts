// Who gets the next database connection when all are busy. A request that already holds or held
// one goes before a request that has not started: a report of five queries then waits in line
// once, not five times behind every request that arrived after it, and under load the requests in
// progress finish first instead of all slowing down together.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';

/** A request's standing at the database: admitted once it has had a connection. */
export interface Admission {
  admitted: boolean;
}

/** The current request's admission; the server enters it for every request (app.ts). */
export const requestAdmission = new AsyncLocalStorage<Admission>();

/** The message node-postgres gives for a pool wait that ran out, which reads as 503 (db-errors.ts). */
export const CONNECT_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * A single event or accept check waits for a database connection as a request already under way
 * does, ahead of agents' calls not yet started: it is on the platform's path to
 * taking a bet, and short. A batch waits its turn like anything else, so a back-fill never holds
 * the back office's connections.
 */
export async function firstInLine(): Promise<void> {
  const admission = requestAdmission.getStore();
  if (admission) admission.admitted = true;
}

interface Waiter {
  admission: Admission | undefined;
  grant: () => void;
}

/** `size` connections handed out one at a time: admitted requests first, otherwise in order of arrival. */
export class AdmissionGate {
  #free: number;
  readonly #waiting: Waiter[] = [];
  readonly #timeoutMs: number;

  constructor(size: number, timeoutMs: number) {
    this.#free = size;
    this.#timeoutMs = timeoutMs;
  }

  /** Resolves when a connection may be taken; rejects after the wait timeout. */
  acquire(): Promise<void> {
    const admission = requestAdmission.getStore();
    const admit = () => {
      if (admission) admission.admitted = true;
    };
    if (this.#free > 0 && this.#waiting.length === 0) {
      this.#free--;
      admit();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admission,
        grant: () => {
          clearTimeout(timer);
          admit();
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(new Error(CONNECT_TIMEOUT_MESSAGE));
      }, this.#timeoutMs);
      timer.unref();
      this.#waiting.push(waiter);
    });
  }

  release(): void {
    if (this.#waiting.length === 0) {
      this.#free++;
      return;
    }
    const first = this.#waiting.findIndex((w) => w.admission?.admitted);
    const [next] = this.#waiting.splice(first === -1 ? 0 : first, 1);
    next!.grant();
  }

  get waiting(): number {
    return this.#waiting.length;
  }
}

/**
 * Every checkout of `pool` (its `query` checks out through `connect` too) first passes `gate`, which
 * holds as many places as the pool has connections, so the pool itself never queues: the gate
 * decides who goes next (`AdmissionGate` above).
 */
export function gateCheckouts(pool: Pool, gate: AdmissionGate): void {
  const checkout = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const connect = async (): Promise<PoolClient> => {
    await gate.acquire();
    let client: PoolClient;
    try {
      client = await checkout();
    } catch (error) {
      gate.release();
      throw error;
    }
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      client.release = release;
      gate.release();
      release.call(client, err);
    };
    return client;
  };
  pool.connect = ((
    callback?: (err: Error | undefined, client?: PoolClient, done?: unknown) => void,
  ) => {
    if (!callback) return connect();
    connect().then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error),
    );
  }) as Pool['connect'];
}
