/**
 * The execution pool runs executions at the same time, each script on its own thread, over one
 * spreadsheet and one lock table: LockService waits for real, and a script sees exactly what it sees
 * in an in-process execution.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EmulatedSpreadsheet,
  ExecutionPool,
  ExecutionRefused,
  MAX_EXECUTIONS_PER_USER,
  runFunction,
  type RunOutcome,
} from '../../src/node/emulator';

// doc_(): the spreadsheet as a bound script reaches it in every kind of execution (scripts.run has no active one).
const FIXTURE = `
function doc_() { return SpreadsheetApp.getActive() || SpreadsheetApp.openById('inventory'); }
function hello() { return doc_().getName(); }
function realmCheck() {
  var range = doc_().getRange('A1:B1');
  range.setValues([[new Date(0), 'text']]);
  var values = range.getValues();
  return [values instanceof Array, values[0] instanceof Array, values[0][0] instanceof Date, values[0][0].getTime()];
}
function caught() {
  try { doc_().getRange('Nope!A1'); } catch (e) { return [e instanceof Error, e.name, e.message]; }
}
function failing() { doc_().getRange('Nope!A1'); }
function wrongArguments() { doc_().getRange('A1').setValues(function () {}); }
function enums() {
  var mode = ScriptApp.AuthMode;
  return [mode.FULL === ScriptApp.AuthMode.FULL, String(mode.LIMITED), mode.NONE.ordinal(), mode.NONE !== mode.FULL];
}
function chained() {
  var sheet = doc_().insertSheet('Log');
  return sheet.getRange('A1').setValue('x').setVerticalAlignment('top').getValue() + ' ' + String(sheet.getRange('A1'));
}
function logs() { console.log('logged %s', 42); console.warn('warned', { n: 1 }); return 'done'; }
function menu() {
  SpreadsheetApp.getUi().createMenu('Fixture').addItem('Hello', 'hello').addToUi();
  var ui = SpreadsheetApp.getUi();
  return ui.alert('Sure?', ui.ButtonSet.YES_NO) === SpreadsheetApp.getUi().Button.YES;
}
function holdLockUntilGo() {
  var lock = LockService.getScriptLock();
  lock.waitLock(1000);
  var signal = doc_().getRange('Z1');
  while (signal.getValue() !== 'go') Utilities.sleep(10);
  lock.releaseLock();
  return 'released';
}
function projectFile(name) { return HtmlService.createHtmlOutputFromFile(name).getContent(); }
function nap(ms) { Utilities.sleep(ms); return 'rested'; }
function timedTryLock(ms) {
  var started = Date.now();
  var acquired = LockService.getScriptLock().tryLock(ms);
  return { acquired: acquired, waitedMs: Date.now() - started };
}
function timedWaitLock(ms) { LockService.getScriptLock().waitLock(ms); return 'acquired'; }
function appendUnderLock(name) {
  var lock = LockService.getScriptLock();
  lock.waitLock(5000);
  var cell = doc_().getRange('A1');
  cell.setValue(String(cell.getValue()) + name);
  SpreadsheetApp.flush();
  lock.releaseLock();
}
function leaveHeldAfterGo() {
  LockService.getScriptLock().tryLock(0);
  var signal = doc_().getRange('Z1');
  while (signal.getValue() !== 'go') Utilities.sleep(10);
  return 'left held';
}
function spinWithLock() { LockService.getScriptLock().waitLock(1000); for (;;) {} }
function onEdit(e) {
  if (e.value === 'spin') for (var until = Date.now() + 3000; Date.now() < until; ) {}
  var next = e.range.getSheet().getRange(e.range.getRow(), e.range.getColumn() + 1);
  next.setValue([e.range.getA1Notation(), e.oldValue, e.value, String(e.authMode)].join('|'));
}
`;

let distDir: string;
let pool: ExecutionPool;

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'emulator-pool-'));
  writeFileSync(path.join(distDir, 'Code.js'), FIXTURE);
  pool = new ExecutionPool();
});

afterEach(async () => {
  await pool.close();
  rmSync(distDir, { recursive: true, force: true });
});

const spreadsheet = () => new EmulatedSpreadsheet({ id: 'inventory', name: 'Inventory' });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds; fails with `what` after two seconds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await delay(5);
  }
}
const errorOf = (outcome: RunOutcome) => ('error' in outcome ? outcome.error.message : 'no error');
const waitedMs = (outcome: RunOutcome) =>
  'result' in outcome ? (outcome.result as { waitedMs: number }).waitedMs : -1;

/** What the caller learns: the result, or the error's message and the script's own frames (Code.js lines). */
function seenByCaller(outcome: RunOutcome) {
  if (!('error' in outcome)) return outcome;
  const frames = (outcome.error.stack ?? '').split('\n').filter((line) => line.includes('Code.js'));
  return { error: outcome.error.message, frames: frames.map((line) => /Code\.js:(\d+)/.exec(line)![1]) };
}

test.each(['api', 'webapp', 'ui'] as const)(
  'a pooled %s execution reads the HTML files beside Code.js, as an in-process one does',
  async (context) => {
    writeFileSync(path.join(distDir, 'Texts.html'), '<p>pushed with the code</p>');
    const pooled = await pool.run(spreadsheet(), distDir, 'projectFile', ['Texts'], { context });
    expect(seenByCaller(pooled)).toEqual(seenByCaller(runFunction(spreadsheet(), distDir, 'projectFile', ['Texts'])));
    expect(seenByCaller(pooled)).toEqual({ result: '<p>pushed with the code</p>' });
    expect(pooled.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(1);
  },
);

test.each([
  ['hello', 'api'],
  ['realmCheck', 'api'],
  ['caught', 'api'],
  ['failing', 'api'],
  ['wrongArguments', 'api'],
  ['enums', 'api'],
  ['chained', 'api'],
  ['logs', 'api'],
  ['menu', 'ui'],
  ['missing', 'api'],
] as const)('%s answers the same pooled as in-process (%s execution)', async (name, context) => {
  const options = { context, alertResponses: ['YES' as const] };
  const inProcess = runFunction(spreadsheet(), distDir, name, [], options);
  const pooled = await pool.run(spreadsheet(), distDir, name, [], options);
  expect(seenByCaller(pooled)).toEqual(seenByCaller(inProcess));
  expect(pooled.execution.calls.map(({ service, method }) => `${service}.${method}`)).toEqual(
    inProcess.execution.calls.map(({ service, method }) => `${service}.${method}`),
  );
  expect(pooled.execution.logs).toEqual(inProcess.execution.logs);
  expect(pooled.execution.ui.menus).toEqual(inProcess.execution.ui.menus);
});

/** An execution that takes the script lock and keeps it until the test says go (cell Z1). */
async function lockHolder(sheet: EmulatedSpreadsheet) {
  const holder = pool.run(sheet, distDir, 'holdLockUntilGo');
  await until(() => sheet.locks.isHeld('script'), 'the holder has the lock');
  return { release: () => sheet.setCellText('Sheet1!Z1', 'go'), done: holder };
}

test('an execution waiting for the lock gets it the moment the holder releases it', async () => {
  const sheet = spreadsheet();
  const holder = await lockHolder(sheet);
  const waiter = pool.run(sheet, distDir, 'timedTryLock', [5000]);
  await until(() => sheet.locks.statistics().waits === 1, 'the second execution waits');
  await delay(200);
  holder.release();
  expect(await holder.done).toEqual({ result: 'released' });
  const outcome = await waiter;
  expect(outcome).toMatchObject({ result: { acquired: true } });
  expect(waitedMs(outcome)).toBeGreaterThanOrEqual(200);
  expect(sheet.locks.statistics()).toMatchObject({ waits: 1, handedOver: 1 });
  expect(sheet.locks.inUse()).toEqual({ held: [], awaited: [] });
});

test("tryLock gives up after its timeout and waitLock throws Google's message while another holds it", async () => {
  const sheet = spreadsheet();
  const holder = await lockHolder(sheet);
  const [tried, waited] = await Promise.all([
    pool.run(sheet, distDir, 'timedTryLock', [100]),
    pool.run(sheet, distDir, 'timedWaitLock', [100]),
  ]);
  holder.release();
  expect(tried).toMatchObject({ result: { acquired: false } });
  expect(waitedMs(tried)).toBeGreaterThanOrEqual(95);
  expect(errorOf(waited)).toBe('Lock timeout: another process was holding the lock for too long.');
  expect(await holder.done).toEqual({ result: 'released' });
  expect(sheet.locks.inUse()).toEqual({ held: [], awaited: [] });
});

test('executions waiting for the lock get it in the order they asked, and none loses its write', async () => {
  const sheet = spreadsheet();
  const holder = await lockHolder(sheet);
  const writers: Array<Promise<RunOutcome>> = [];
  for (const name of ['a', 'b', 'c', 'd']) {
    writers.push(pool.run(sheet, distDir, 'appendUnderLock', [name]));
    await until(() => sheet.locks.statistics().waits === writers.length, `${name} waits for the lock`);
  }
  holder.release();
  await Promise.all([holder.done, ...writers]);
  expect(sheet.cell('Sheet1!A1')).toBe('abcd');
});

test('a lock the script leaves held is released when its execution ends, and goes to the one waiting', async () => {
  const sheet = spreadsheet();
  const leaver = pool.run(sheet, distDir, 'leaveHeldAfterGo');
  await until(() => sheet.locks.isHeld('script'), 'the lock is held');
  const waiter = pool.run(sheet, distDir, 'timedTryLock', [5000]);
  await until(() => sheet.locks.statistics().waits === 1, 'the second execution waits');
  sheet.setCellText('Sheet1!Z1', 'go');
  expect((await leaver).execution.leakedLocks).toEqual(['script']);
  expect(await waiter).toMatchObject({ result: { acquired: true } });
  expect(sheet.locks.statistics().handedOver).toBe(1);
});

test('a simple trigger is stopped at its limit (30 s in Google), an installable one is not', async () => {
  const limited = new ExecutionPool({ simpleTriggerTimeLimitMs: 500 });
  try {
    const sheet = spreadsheet();
    const simple = await limited.editCellAsPerson(sheet, distDir, 'Sheet1!A1', 'spin');
    expect(errorOf(simple)).toBe('Exceeded maximum execution time');
    expect(sheet.cell('Sheet1!B1')).toBe('');
    const installable = await limited.editCellAsPerson(sheet, distDir, 'Sheet1!A1', 'spin', { authMode: 'FULL' });
    expect(installable).toEqual({ result: null });
    expect(sheet.cell('Sheet1!B1')).toBe('A1|spin|spin|FULL');
  } finally {
    await limited.close();
  }
});

test('a lock another process held goes to the execution waiting for it when released', async () => {
  const sheet = spreadsheet();
  sheet.locks.holdAsAnotherProcess('script');
  const waiter = pool.run(sheet, distDir, 'timedTryLock', [5000]);
  await until(() => sheet.locks.statistics().waits === 1, 'the execution waits');
  sheet.locks.releaseHeldByAnotherProcess('script');
  expect(await waiter).toMatchObject({ result: { acquired: true } });
});

test("an execution past the time limit is stopped with Google's message, and its lock is released", async () => {
  const limited = new ExecutionPool({ executionTimeLimitMs: 1000 });
  try {
    const sheet = spreadsheet();
    const spinning = limited.run(sheet, distDir, 'spinWithLock');
    await until(() => sheet.locks.isHeld('script'), 'the spinning script has the lock');
    expect(errorOf(await spinning)).toBe('Exceeded maximum execution time');
    expect(sheet.locks.isHeld('script')).toBe(false);
    expect(await limited.run(sheet, distDir, 'hello')).toEqual({ result: 'Inventory' });
  } finally {
    await limited.close();
  }
});

test('an execution stopped while it waits for a lock leaves the queue: the lock never goes to it', async () => {
  const limited = new ExecutionPool({ executionTimeLimitMs: 1000 });
  try {
    const sheet = spreadsheet();
    sheet.locks.holdAsAnotherProcess('script');
    const waiting = limited.run(sheet, distDir, 'timedWaitLock', [60_000]);
    await until(() => sheet.locks.statistics().waits === 1, 'the execution waits');
    expect(errorOf(await waiting)).toBe('Exceeded maximum execution time');
    expect(sheet.locks.inUse()).toEqual({ held: ['script'], awaited: [] });
    sheet.locks.releaseHeldByAnotherProcess('script');
    expect(sheet.locks.inUse()).toEqual({ held: [], awaited: [] });
  } finally {
    await limited.close();
  }
});

test(`executions beyond a user's limit (Google: ${MAX_EXECUTIONS_PER_USER}) never run: refused`, async () => {
  expect(MAX_EXECUTIONS_PER_USER).toBe(30);
  const small = new ExecutionPool({ maxExecutionsPerUser: 2 });
  try {
    const sheet = spreadsheet();
    const running = [small.run(sheet, distDir, 'nap', [300]), small.run(sheet, distDir, 'nap', [300])];
    await expect(small.run(sheet, distDir, 'hello')).rejects.toThrow(ExecutionRefused);
    await expect(small.run(sheet, distDir, 'hello')).rejects.toThrow(
      'Too many simultaneous executions: owner@example.com already has 2 running, and Apps Script allows 2 per ' +
        'user. Nothing ran; try again when one has finished.',
    );
    expect(await small.run(sheet, distDir, 'hello', [], { user: 'ben@example.com' })).toEqual({ result: 'Inventory' });
    await Promise.all(running);
    expect(await small.run(sheet, distDir, 'hello')).toEqual({ result: 'Inventory' });
    expect(small.statistics()).toEqual({ executions: 4, refused: 2, peakConcurrent: 3 });
  } finally {
    await small.close();
  }
});

test('a person typing into a cell runs onEdit in its own execution, with the event Sheets gives', async () => {
  const sheet = spreadsheet();
  sheet.setCellText('Sheet1!A1', 'before');
  const outcome = await pool.editCellAsPerson(sheet, distDir, 'Sheet1!A1', 'after');
  expect(outcome).toEqual({ result: null });
  expect(outcome.execution.context).toBe('trigger');
  expect(sheet.cell('Sheet1!B1')).toBe('A1|before|after|LIMITED');
});

test('closing the pool stops running executions and releases their locks', async () => {
  const sheet = spreadsheet();
  const running = pool.run(sheet, distDir, 'spinWithLock');
  await until(() => sheet.locks.isHeld('script'), 'the lock is held');
  await pool.close();
  expect(errorOf(await running)).toBe('The emulator is shutting down');
  expect(sheet.locks.isHeld('script')).toBe(false);
  await expect(pool.run(sheet, distDir, 'hello')).rejects.toThrow('The emulator is shutting down: no new executions');
});

test('a script thread that exits while it rests is not handed the next execution: a live one runs it', async () => {
  // The pool's script thread, made to exit on its own once it has answered its first execution.
  const exitingWorker = path.join(distDir, 'exiting-worker.js');
  writeFileSync(
    exitingWorker,
    `require(${JSON.stringify(path.resolve(__dirname, '../../build/emulator-worker.js'))});
     require('node:worker_threads').parentPort.once('message', () => setTimeout(() => process.exit(3), 0));`,
  );
  const exiting = new ExecutionPool({ workerFile: exitingWorker, executionTimeLimitMs: 3000 });
  try {
    const sheet = spreadsheet();
    expect(await exiting.run(sheet, distDir, 'hello')).toEqual({ result: 'Inventory' });
    await delay(200);
    expect(seenByCaller(await exiting.run(sheet, distDir, 'hello'))).toEqual({ result: 'Inventory' });
  } finally {
    await exiting.close();
  }
});
