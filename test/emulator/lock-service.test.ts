/** LockService: executions contend for locks kept in the spreadsheet model. */
import { EmulatedSpreadsheet, type ExecutionOptions } from '../../src/node/emulator';
import { executionOn as anyExecutionOn, thrownMessage } from './helpers';

/** Document locks exist where there is a document window: a menu click or a sidebar call (not scripts.run). */
const executionOn = (spreadsheet: EmulatedSpreadsheet, options: ExecutionOptions = {}) =>
  anyExecutionOn(spreadsheet, { context: 'ui', ...options });

test('a document lock held by another execution makes tryLock return false', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  spreadsheet.locks.holdDocumentLock();
  const lock = executionOn(spreadsheet).LockService.getDocumentLock()!;
  expect(lock.tryLock(10_000)).toBe(false);
  expect(lock.hasLock()).toBe(false);
  spreadsheet.locks.releaseHeldDocumentLock();
  expect(lock.tryLock(10_000)).toBe(true);
  expect(lock.hasLock()).toBe(true);
});

test("waitLock throws Google's timeout message when another process holds the lock", () => {
  const spreadsheet = new EmulatedSpreadsheet();
  spreadsheet.locks.holdDocumentLock();
  const lock = executionOn(spreadsheet).LockService.getDocumentLock()!;
  expect(thrownMessage(() => lock.waitLock(30_000))).toBe(
    'Lock timeout: another process was holding the lock for too long.',
  );
});

test('two executions contend for the same document lock', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  const first = executionOn(spreadsheet);
  const second = executionOn(spreadsheet);
  const firstLock = first.LockService.getDocumentLock()!;
  expect(firstLock.tryLock(1000)).toBe(true);
  expect(second.LockService.getDocumentLock()!.tryLock(1000)).toBe(false);
  firstLock.releaseLock();
  expect(firstLock.hasLock()).toBe(false);
  expect(second.LockService.getDocumentLock()!.tryLock(1000)).toBe(true);
});

test('a second Lock object in the same execution contends too (strict assumption)', () => {
  const { LockService } = executionOn(new EmulatedSpreadsheet());
  expect(LockService.getScriptLock().tryLock(0)).toBe(true);
  expect(LockService.getScriptLock().tryLock(0)).toBe(false);
});

test('releasing a lock that was never acquired has no effect', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  spreadsheet.locks.holdDocumentLock();
  executionOn(spreadsheet).LockService.getDocumentLock()!.releaseLock();
  expect(spreadsheet.locks.isHeld('document')).toBe(true);
});

test('user locks are per user; the script lock is shared by all', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  const ana = executionOn(spreadsheet, { user: 'ana@example.com' });
  const ben = executionOn(spreadsheet, { user: 'ben@example.com' });
  expect(ana.LockService.getUserLock().tryLock(0)).toBe(true);
  expect(ben.LockService.getUserLock().tryLock(0)).toBe(true);
  expect(ana.LockService.getScriptLock().tryLock(0)).toBe(true);
  expect(ben.LockService.getScriptLock().tryLock(0)).toBe(false);
});

test('a script that is not container-bound has no document lock', () => {
  expect(executionOn(new EmulatedSpreadsheet(), { containerBound: false }).LockService.getDocumentLock()).toBeNull();
});

test('a scripts.run execution of a bound script has no document lock either (strict: Google does not say)', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  expect(anyExecutionOn(spreadsheet, { context: 'api' }).LockService.getDocumentLock()).toBeNull();
  expect(anyExecutionOn(spreadsheet, { context: 'api' }).LockService.getScriptLock().tryLock(0)).toBe(true);
  expect(executionOn(spreadsheet, { context: 'trigger' }).LockService.getDocumentLock()).not.toBeNull();
});

test('ending the execution releases what the script left held, and records it', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  const run = executionOn(spreadsheet);
  run.LockService.getDocumentLock()!.tryLock(1000);
  const released = run.LockService.getScriptLock();
  released.tryLock(1000);
  released.releaseLock();
  run.execution.end();
  expect(run.execution.leakedLocks).toEqual(['document']);
  expect(spreadsheet.locks.isHeld('document')).toBe(false);
});

test('the lock was always released by the code itself: nothing leaked', () => {
  const run = executionOn(new EmulatedSpreadsheet());
  const lock = run.LockService.getDocumentLock()!;
  lock.tryLock(1000);
  lock.releaseLock();
  run.execution.end();
  expect(run.execution.leakedLocks).toEqual([]);
});
