/**
 * Who holds which LockService lock. It lives in the spreadsheet model, so separate executions
 * contend for the same locks. Executions run one after another in one Node process, so a test
 * plays "another execution is inside its critical section" with holdDocumentLock().
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

export class LockTable {
  readonly #holders = new Map<string, LockHolder>();

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
  }

  isHeld(scope: LockScope): boolean {
    return this.#holders.has(lockScopeName(scope));
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

  release(scopeName: string, owner: object): void {
    if (this.#holders.get(scopeName) === owner) this.#holders.delete(scopeName);
  }

  /** Restores a lock held from outside, by scope name (for fromJSON). */
  restoreHeldByAnotherProcess(scopeName: string): void {
    this.#holders.set(scopeName, ANOTHER_PROCESS);
  }
}
