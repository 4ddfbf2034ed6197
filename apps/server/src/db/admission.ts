// Who gets the next database connection when all are busy. A request that already holds or held
// one goes before a request that has not started: a report of five queries then waits in line
// once, not five times behind every request that arrived after it, and under load the requests in
// progress finish first instead of all slowing down together.
import { AsyncLocalStorage } from 'node:async_hooks';

/** A request's standing at the database: admitted once it has had a connection. */
export interface Admission {
  admitted: boolean;
}

/** The current request's admission; the server enters it for every request (app.ts). */
export const requestAdmission = new AsyncLocalStorage<Admission>();

/** The message node-postgres gives for a pool wait that ran out, which reads as 503 (db-errors.ts). */
export const CONNECT_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

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
