/** Loading a built bundle the way Apps Script runs a project, and calling it as google.script.run would. */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bundleFunctionNames,
  createExecution,
  EmulatedSpreadsheet,
  loadBundle,
  runFunction,
  runSimpleTrigger,
} from '../../src/node/emulator';

// doc_(): the spreadsheet as a bound script reaches it in every kind of execution (scripts.run has no active one).
const FIXTURE = `
var remembered;
function doc_() { return SpreadsheetApp.getActive() || SpreadsheetApp.openById('inventory'); }
function hello() { return doc_().getName(); }
function created() { return new Date(2026, 0, 10); }
function echo(value) { return value; }
function remember(value) { remembered = value; return remembered; }
function recall() { return remembered === undefined ? null : remembered; }
function privateHelper_() { return 'hidden'; }
globalThis.assigned = function () { return 'assigned, not declared'; };
var assignedToVar = function () { return 'a var, not a declaration'; };
function sparse() { return [1, undefined, { kept: 2, dropped: undefined }]; }
function promised() { return Promise.resolve(1); }
function realmCheck() {
  var range = doc_().getRange('A1:B1');
  range.setValues([[new Date(0), 'text']]);
  var values = range.getValues();
  return [values instanceof Array, values[0] instanceof Array, values[0][0] instanceof Date];
}
function caught() {
  try { doc_().getRange('Nope!A1'); } catch (e) { return [e instanceof Error, e.name, e.message]; }
}
function failing() { doc_().getRange('Nope!A1'); }
function today() { return [new Date().toISOString(), Date.now()]; }
function env() { return [typeof require, typeof process, typeof module, typeof SpreadsheetApp, typeof console]; }
function projectFile(name) { return HtmlService.createHtmlOutputFromFile(name).getContent(); }
function leavesLockHeld() { LockService.getDocumentLock().tryLock(100); return 'held'; }
function onOpen(e) {
  SpreadsheetApp.getUi().createMenu('Fixture').addItem('Hello', 'hello').addToUi();
  var source = e.source ? e.source.getName() : 'no source';
  console.log(String(e.authMode) + ' ' + e.authMode.ordinal() + ' ' + source);
}
`;

let distDir: string;
const spreadsheet = () => new EmulatedSpreadsheet({ id: 'inventory', name: 'Inventory' });

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'emulator-bundle-'));
  writeFileSync(path.join(distDir, 'Code.js'), FIXTURE);
  writeFileSync(path.join(distDir, 'other.js'), 'throw new Error("only Code.js is loaded");');
});

afterEach(() => rmSync(distDir, { recursive: true, force: true }));

describe('runFunction', () => {
  test('a top-level function runs against the spreadsheet and its result comes back as plain JSON', () => {
    const outcome = runFunction(spreadsheet(), distDir, 'hello');
    expect(outcome).toEqual({ result: 'Inventory' });
    expect(JSON.stringify(outcome)).toBe('{"result":"Inventory"}');
    expect(outcome.execution.countCalls('SpreadsheetApp.getActive')).toBe(1);
  });

  test('a Date result is refused, as google.script.run refuses it', () => {
    const outcome = runFunction(spreadsheet(), distDir, 'created');
    expect('error' in outcome && outcome.error.message).toMatch(/^The function returned a Date \(at result\)/);
  });

  test('a Date argument is refused before the script runs', () => {
    const outcome = runFunction(spreadsheet(), distDir, 'echo', [{ when: new Date() }]);
    expect('error' in outcome && outcome.error.message).toMatch(/^The call passed a Date \(at arguments\[0\]\.when\)/);
  });

  test('undefined in arrays becomes null and undefined properties are left out', () => {
    expect(runFunction(spreadsheet(), distDir, 'sparse')).toEqual({ result: [1, null, { kept: 2 }] });
  });

  test('a returned Promise is refused (its fate is undocumented)', () => {
    const outcome = runFunction(spreadsheet(), distDir, 'promised');
    expect('error' in outcome && outcome.error.message).toMatch(/returned an object of type Promise/);
  });

  test('arguments arrive as copies', () => {
    expect(runFunction(spreadsheet(), distDir, 'echo', [{ steps: ['1.1', null] }])).toEqual({
      result: { steps: ['1.1', null] },
    });
  });

  test('every execution gets a fresh global: a var set in one execution is not seen in the next', () => {
    const shared = spreadsheet();
    expect(runFunction(shared, distDir, 'remember', ['kept?'])).toEqual({ result: 'kept?' });
    expect(runFunction(shared, distDir, 'recall')).toEqual({ result: null });
  });

  test.each(['privateHelper_', 'assigned', 'assignedToVar', 'missing'])(
    '%s cannot be called: only public function declarations can',
    (name) => {
      const outcome = runFunction(spreadsheet(), distDir, name);
      expect('error' in outcome && outcome.error.message).toBe(`Script function not found: ${name}`);
    },
  );

  test('a service error reaches the caller with its message and a stack', () => {
    const outcome = runFunction(spreadsheet(), distDir, 'failing');
    expect('error' in outcome && outcome.error).toEqual({
      message: 'Range not found',
      stack: expect.stringContaining('Range not found'),
    });
  });

  test('locks the script left held are released, and reported', () => {
    const shared = spreadsheet();
    const outcome = runFunction(shared, distDir, 'leavesLockHeld', [], { context: 'ui' });
    expect(outcome.execution.leakedLocks).toEqual(['document']);
    expect(shared.locks.isHeld('document')).toBe(false);
  });
});

describe("the project's HTML files", () => {
  test.each(['api', 'webapp', 'trigger', 'ui'] as const)(
    'are the .html files beside Code.js, as the project was pushed (%s execution), each read a service call',
    (context) => {
      writeFileSync(path.join(distDir, 'Texts.html'), '<p>pushed with the code</p>');
      const outcome = runFunction(spreadsheet(), distDir, 'projectFile', ['Texts'], { context });
      expect(outcome).toEqual({ result: '<p>pushed with the code</p>' });
      expect(outcome.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(1);
      const missing = runFunction(spreadsheet(), distDir, 'projectFile', ['Other'], { context });
      expect('error' in missing && missing.error.message).toBe('No HTML file named Other was found.');
    },
  );

  test('are read as they are when the script asks, so a rebuilt file is read anew', () => {
    writeFileSync(path.join(distDir, 'Texts.html'), 'first');
    expect(runFunction(spreadsheet(), distDir, 'projectFile', ['Texts.html'])).toEqual({ result: 'first' });
    writeFileSync(path.join(distDir, 'Texts.html'), 'second');
    expect(runFunction(spreadsheet(), distDir, 'projectFile', ['Texts.html'])).toEqual({ result: 'second' });
  });

  test('are only those of the project: no other file, and no path outside it', () => {
    writeFileSync(path.join(path.dirname(distDir), 'Outside.html'), 'outside');
    try {
      const outcome = runFunction(spreadsheet(), distDir, 'projectFile', [`../Outside`]);
      expect('error' in outcome && outcome.error.message).toBe('No HTML file named ../Outside was found.');
    } finally {
      rmSync(path.join(path.dirname(distDir), 'Outside.html'));
    }
    expect('error' in runFunction(spreadsheet(), distDir, 'projectFile', ['other'])).toBe(true);
  });

  test('are the files an execution was given instead, when it was given some', () => {
    writeFileSync(path.join(distDir, 'Texts.html'), 'beside the code');
    const outcome = runFunction(spreadsheet(), distDir, 'projectFile', ['Texts'], { projectFiles: { Texts: 'given' } });
    expect(outcome).toEqual({ result: 'given' });
  });
});

describe('the script realm', () => {
  test("values from the services are arrays and Dates of the script's own realm", () => {
    expect(runFunction(spreadsheet(), distDir, 'realmCheck')).toEqual({ result: [true, true, true] });
  });

  test("service errors are Errors of the script's realm, named Exception", () => {
    expect(runFunction(spreadsheet(), distDir, 'caught')).toEqual({ result: [true, 'Exception', 'Range not found'] });
  });

  test("the script's clock is the execution's", () => {
    const outcome = runFunction(spreadsheet(), distDir, 'today', [], { now: () => new Date('2026-03-01T02:30:00Z') });
    expect(outcome).toEqual({ result: ['2026-03-01T02:30:00.000Z', Date.parse('2026-03-01T02:30:00Z')] });
  });

  test('nothing of Node is reachable: no require, process or module', () => {
    expect(runFunction(spreadsheet(), distDir, 'env')).toEqual({
      result: ['undefined', 'undefined', 'undefined', 'object', 'object'],
    });
  });
});

describe('loadBundle', () => {
  test('top-level functions appear on the returned context; loading calls no service', () => {
    const execution = createExecution(spreadsheet());
    const context = loadBundle(execution, distDir);
    expect(typeof context.hello).toBe('function');
    expect(execution.calls).toEqual([]);
    expect((context.hello as () => string)()).toBe('Inventory');
  });

  test('an execution loads a bundle once', () => {
    const execution = createExecution(spreadsheet());
    loadBundle(execution, distDir);
    expect(() => loadBundle(execution, distDir)).toThrow(/already loaded a bundle/);
  });

  test('a rebuilt Code.js is picked up (the compiled file is cached per path, mtime and size)', () => {
    expect(runFunction(spreadsheet(), distDir, 'hello')).toEqual({ result: 'Inventory' });
    const file = path.join(distDir, 'Code.js');
    writeFileSync(file, `${FIXTURE}\nfunction hello() { return 'rebuilt'; }\n`);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(runFunction(spreadsheet(), distDir, 'hello')).toEqual({ result: 'rebuilt' });
  });

  test('listing the functions runs none of the file: only declarations count, not blocks or assignments', () => {
    writeFileSync(
      path.join(distDir, 'Code.js'),
      `throw new Error('ran');
function declared() {}
async function later() {}
{ function inBlock() {} }
if (true) { function inIf() {} }
(function () { function inner() {} })();
var assigned = function () {};
globalThis.attached = function () {};
class Shape {}
const arrow = () => 1;
function Array() {}
`,
    );
    expect(bundleFunctionNames(distDir)).toEqual(['Array', 'declared', 'later']);
  });

  test('a Code.js that does not parse fails the call with the syntax error and its line', () => {
    writeFileSync(path.join(distDir, 'Code.js'), 'function fine() {}\nfunction broken() { return 1 +; }\n');
    const outcome = runFunction(spreadsheet(), distDir, 'fine');
    expect('error' in outcome && outcome.error).toEqual({
      message: "Unexpected token ';'",
      stack: expect.stringContaining(`${path.join(distDir, 'Code.js')}:2`),
    });
  });

  test("a script's stack names Code.js", () => {
    writeFileSync(
      path.join(distDir, 'Code.js'),
      `${FIXTURE}\nfunction thrower() { throw new Error('from the script'); }\n`,
    );
    const outcome = runFunction(spreadsheet(), distDir, 'thrower');
    expect('error' in outcome && outcome.error.stack).toContain(`${path.join(distDir, 'Code.js')}:`);
  });

  test('bundleFunctionNames lists what callers may run', () => {
    expect(bundleFunctionNames(distDir)).toEqual([
      'caught',
      'created',
      'echo',
      'env',
      'failing',
      'hello',
      'leavesLockHeld',
      'onOpen',
      'projectFile',
      'promised',
      'realmCheck',
      'recall',
      'remember',
      'sparse',
      'today',
    ]);
  });
});

describe('runSimpleTrigger', () => {
  test('onOpen gets the event Apps Script builds and may add menus', () => {
    const outcome = runSimpleTrigger(spreadsheet(), distDir, 'onOpen');
    expect(outcome).toEqual({ result: null });
    expect(outcome.execution.ui.menus.map((menu) => menu.name)).toEqual(['Fixture']);
    expect(outcome.execution.logs.map((entry) => entry.message)).toEqual(['LIMITED 2 Inventory']);
  });

  test('in AuthMode.NONE the event has no source', () => {
    const outcome = runSimpleTrigger(spreadsheet(), distDir, 'onOpen', { authMode: 'NONE' });
    expect(outcome.execution.logs.map((entry) => entry.message)).toEqual(['NONE 0 no source']);
  });

  test('a project without the trigger function runs nothing', () => {
    expect(runSimpleTrigger(spreadsheet(), distDir, 'onEdit')).toEqual({ result: null });
  });
});
