/**
 * Who holds which LockService lock, and who is waiting for it. It lives in the spreadsheet model, so
 * separate executions contend for the same locks. Executions run in-process one after another cannot
 * wait for each other, so a test plays "another execution is inside its critical section" with
 * holdDocumentLock(); executions of the execution pool run at the same time and really wait (waitFor).
 */

/** The three kinds of LockService lock; user locks are per user email. */
export type LockScope = 'document' | 'script' | { readonly user: string };

/** The lock's name in messages and in Execution.leakedLocks: `document`, `script`, `user:ana@example.com`. */
export function lockScopeName(scope: LockScope): string {
  return typeof scope === 'string' ? scope : `user:${scope.user}`;
}

/** Stands for an execution outside this process (set up by a test, or kept across a save). */
const ANOTHER_PROCESS = Symbol('another process');

type LockHolder = object | typeof ANOTHER_PROCESS;

interface Waiter {
  readonly owner: object;
  readonly grant: () => void;
}

/** A wait for a lock: `acquired` settles true when the lock was handed over, false at the timeout or on cancel(). */
export interface LockWait {
  readonly acquired: Promise<boolean>;
  cancel(): void;
}

/** What the lock table has seen, for the load test and the benchmark. */
export interface LockStatistics {
  /** Acquisitions that had to wait for another execution, and how many of those got the lock in time. */
  readonly waits: number;
  readonly handedOver: number;
  readonly longestWaitMs: number;
}

export class LockTable {
  readonly #holders = new Map<string, LockHolder>();
  /** Per scope name, in arrival order: a released lock goes to the execution that has waited longest. */
  readonly #waiters = new Map<string, Waiter[]>();
  #waits = 0;
  #handedOver = 0;
  #longestWaitMs = 0;

  /** Another execution takes the document lock and keeps it until releaseHeldDocumentLock(). */
  holdDocumentLock(): void {
    this.holdAsAnotherProcess('document');
  }

  releaseHeldDocumentLock(): void {
    this.releaseHeldByAnotherProcess('document');
  }

  holdAsAnotherProcess(scope: LockScope): void {
    const name = lockScopeName(scope);
    if (this.#holders.has(name)) throw new Error(`The ${name} lock is already held`);
    this.#holders.set(name, ANOTHER_PROCESS);
  }

  releaseHeldByAnotherProcess(scope: LockScope): void {
    const name = lockScopeName(scope);
    if (this.#holders.get(name) !== ANOTHER_PROCESS) throw new Error(`The ${name} lock is not held by another process`);
    this.#holders.delete(name);
    this.#handOver(name);
  }

  isHeld(scope: LockScope): boolean {
    return this.#holders.has(lockScopeName(scope));
  }

  /** Scope names of every lock held now, and of every lock someone is waiting for. */
  inUse(): { held: string[]; awaited: string[] } {
    return { held: [...this.#holders.keys()], awaited: [...this.#waiters.keys()] };
  }

  statistics(): LockStatistics {
    return { waits: this.#waits, handedOver: this.#handedOver, longestWaitMs: this.#longestWaitMs };
  }

  /** Scope names of the locks held from outside this process (what toJSON keeps). */
  heldByAnotherProcess(): string[] {
    return [...this.#holders].filter(([, holder]) => holder === ANOTHER_PROCESS).map(([name]) => name);
  }

  /** Takes the lock for `owner` if it is free (or already `owner`'s). */
  tryAcquire(scopeName: string, owner: object): boolean {
    const holder = this.#holders.get(scopeName);
    if (holder !== undefined && holder !== owner) return false;
    this.#holders.set(scopeName, owner);
    return true;
  }

  /**
   * Waits up to `timeoutMs` for the lock to be handed to `owner` (call after tryAcquire failed). Waiters are
   * served in arrival order; Google does not document an order, and first come, first served starves no one.
   */
  waitFor(scopeName: string, owner: object, timeoutMs: number): LockWait {
    const started = Date.now();
    this.#waits++;
    let settle!: (acquired: boolean) => void;
    const acquired = new Promise<boolean>((resolve) => (settle = resolve));
    const leave = (): void => {
      const queue = this.#waiters.get(scopeName) ?? [];
      const index = queue.indexOf(waiter);
      if (index >= 0) queue.splice(index, 1);
      if (queue.length === 0) this.#waiters.delete(scopeName);
    };
    const timer = setTimeout(() => {
      leave();
      settle(false);
    }, timeoutMs);
    const waiter: Waiter = {
      owner,
      grant: () => {
        clearTimeout(timer);
        this.#handedOver++;
        this.#longestWaitMs = Math.max(this.#longestWaitMs, Date.now() - started);
        settle(true);
      },
    };
    const queue = this.#waiters.get(scopeName) ?? [];
    queue.push(waiter);
    this.#waiters.set(scopeName, queue);
    return {
      acquired,
      cancel: () => {
        clearTimeout(timer);
        leave();
        settle(false);
      },
    };
  }

  /** Releases `owner`'s lock; the longest waiter, if any, gets it at once. */
  release(scopeName: string, owner: object): void {
    if (this.#holders.get(scopeName) !== owner) return;
    this.#holders.delete(scopeName);
    this.#handOver(scopeName);
  }

  /** Restores a lock held from outside, by scope name (for fromJSON). */
  restoreHeldByAnotherProcess(scopeName: string): void {
    this.#holders.set(scopeName, ANOTHER_PROCESS);
  }

  #handOver(scopeName: string): void {
    const queue = this.#waiters.get(scopeName);
    const next = queue?.shift();
    if (!next) return;
    if (queue!.length === 0) this.#waiters.delete(scopeName);
    this.#holders.set(scopeName, next.owner);
    next.grant();
  }
}
