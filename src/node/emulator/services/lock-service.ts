/**
 * LockService and Lock (https://developers.google.com/apps-script/reference/lock/lock). Lock state
 * lives in the spreadsheet model, so executions contend. An execution of the execution pool (its
 * script on its own thread, others running at the same time) waits for real: tryLock(timeout) and
 * waitLock(timeout) block until the lock is handed over or the timeout passes. An execution run
 * in-process cannot wait (nothing else runs meanwhile), so there a lock held elsewhere makes tryLock
 * return false and waitLock throw at once, whatever the timeout.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { lockScopeName, type LockScope } from '../model/lock-table';
import { PendingAnswer } from '../runtime/pending-answer';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

const LOCK_TIMEOUT = 'Lock timeout: another process was holding the lock for too long.';

export class LockService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /**
   * "If this method is called outside of the context of a containing document (such as from a standalone script or
   * webapp), null is returned" (https://developers.google.com/apps-script/reference/lock/lock-service#getDocumentLock()).
   * Assumption no-container-outside-the-document: a web app or scripts.run execution of a bound script gets null too.
   */
  getDocumentLock(): Lock | null {
    return this.#scope.inContainer ? this.#lock('document') : null;
  }

  getScriptLock(): Lock {
    return this.#lock('script');
  }

  getUserLock(): Lock {
    return this.#lock({ user: this.#scope.settings.user });
  }

  #lock(scope: LockScope): Lock {
    return this.#scope.expose('Lock', new Lock(this.#scope, lockScopeName(scope)));
  }
}

export class Lock {
  readonly #scope: ExecutionScope;
  readonly #scopeName: string;

  constructor(scope: ExecutionScope, scopeName: string) {
    this.#scope = scope;
    this.#scopeName = scopeName;
  }

  /**
   * True once this Lock object holds the lock. Assumption locks-per-object: two Lock objects of the same
   * execution contend like two executions; only the object that acquired the lock holds it.
   */
  tryLock(timeoutInMillis: unknown): boolean | PendingAnswer {
    requireTimeout(timeoutInMillis, 'Lock.tryLock');
    if (this.#acquire()) return true;
    return this.#canWait(timeoutInMillis) ? this.#wait(timeoutInMillis, (acquired) => acquired) : false;
  }

  waitLock(timeoutInMillis: unknown): void | PendingAnswer {
    requireTimeout(timeoutInMillis, 'Lock.waitLock');
    if (this.#acquire()) return;
    if (!this.#canWait(timeoutInMillis)) throw new ServiceError(LOCK_TIMEOUT);
    return this.#wait(timeoutInMillis, (acquired) => {
      if (!acquired) throw this.#scope.scriptError(LOCK_TIMEOUT);
    });
  }

  /** "This method has no effect if the lock has not been acquired." */
  releaseLock(): void {
    this.#scope.spreadsheet.locks.release(this.#scopeName, this);
    this.#scope.heldLocks.delete(this);
  }

  /** False if the lock was never acquired, timed out, or was released. */
  hasLock(): boolean {
    return this.#scope.heldLocks.has(this);
  }

  #acquire(): boolean {
    if (!this.#scope.spreadsheet.locks.tryAcquire(this.#scopeName, this)) return false;
    this.#scope.heldLocks.set(this, this.#scopeName);
    return true;
  }

  #canWait(timeoutInMillis: number): boolean {
    return this.#scope.settings.concurrent && timeoutInMillis > 0;
  }

  /** Waits in the lock table; the execution's end (or its time limit) cancels the wait. */
  #wait<T>(timeoutInMillis: number, answer: (acquired: boolean) => T): PendingAnswer {
    const locks = this.#scope.spreadsheet.locks;
    const wait = locks.waitFor(this.#scopeName, this, timeoutInMillis);
    this.#scope.pendingWaits.add(wait);
    return new PendingAnswer(
      wait.acquired.then((acquired) => {
        this.#scope.pendingWaits.delete(wait);
        if (acquired && this.#scope.ended) {
          // Handed over while the execution was being stopped: pass it on.
          locks.release(this.#scopeName, this);
          return answer(false);
        }
        if (acquired) this.#scope.heldLocks.set(this, this.#scopeName);
        return answer(acquired);
      }),
    );
  }
}

function requireTimeout(timeoutInMillis: unknown, method: string): asserts timeoutInMillis is number {
  if (typeof timeoutInMillis !== 'number' || !Number.isInteger(timeoutInMillis) || timeoutInMillis < 0) {
    throw signatureMismatch(method, [timeoutInMillis]);
  }
}
