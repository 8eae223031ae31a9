/**
 * LockService and Lock (https://developers.google.com/apps-script/reference/lock/lock). Lock state
 * lives in the spreadsheet model, so executions contend. Executions here run one at a time, so
 * waiting cannot help: a lock held elsewhere makes tryLock return false and waitLock throw at
 * once, whatever the timeout.
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { lockScopeName, type LockScope } from '../model/lock-table';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

export class LockService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** "Returns null if the script is not container-bound" (LockService.getDocumentLock). */
  getDocumentLock(): Lock | null {
    return this.#scope.settings.containerBound ? this.#lock('document') : null;
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
   * True once this Lock object holds the lock. Assumption (strict): two Lock objects of the same
   * execution contend like two executions; only the object that acquired the lock holds it.
   */
  tryLock(timeoutInMillis: unknown): boolean {
    requireTimeout(timeoutInMillis, 'Lock.tryLock');
    return this.#acquire();
  }

  waitLock(timeoutInMillis: unknown): void {
    requireTimeout(timeoutInMillis, 'Lock.waitLock');
    if (!this.#acquire()) throw new ServiceError('Lock timeout: another process was holding the lock for too long.');
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
}

function requireTimeout(timeoutInMillis: unknown, method: string): void {
  if (typeof timeoutInMillis !== 'number' || !Number.isInteger(timeoutInMillis) || timeoutInMillis < 0) {
    throw signatureMismatch(method, [timeoutInMillis]);
  }
}
