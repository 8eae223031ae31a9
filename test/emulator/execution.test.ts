/** One execution: its globals, its context, its call log and fault injection. */
import { API_EXECUTION, createExecution, EmulatedSpreadsheet, WEB_APP_EXECUTION } from '../../src/node/emulator';
import { executionOn, fresh, thrownMessage } from './helpers';

describe('globals', () => {
  test('each execution gets its globals in a fresh object without a prototype', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const first = createExecution(spreadsheet);
    const second = createExecution(spreadsheet);
    expect(first.globals).not.toBe(second.globals);
    expect(first.globals.SpreadsheetApp).not.toBe(second.globals.SpreadsheetApp);
    expect(Object.getPrototypeOf(first.globals)).toBeNull();
  });

  test('internal state of a service is not reachable from the script', () => {
    const { SpreadsheetApp } = fresh();
    expect(Object.keys(SpreadsheetApp).sort()).toEqual([
      'flush',
      'getActive',
      'getActiveSpreadsheet',
      'getUi',
      'openById',
    ]);
  });
});

describe('where the execution runs', () => {
  test.each(['api', 'webapp', 'trigger'] as const)('getUi throws in a %s execution', (context) => {
    const { SpreadsheetApp } = executionOn(new EmulatedSpreadsheet(), { context });
    expect(thrownMessage(() => SpreadsheetApp.getUi())).toBe('Cannot call SpreadsheetApp.getUi() from this context.');
  });

  test.each([
    ['scripts.run', API_EXECUTION],
    ['a web app', WEB_APP_EXECUTION],
  ] as const)("%s runs outside the document: a bound script's special methods answer null", (_kind, options) => {
    const spreadsheet = new EmulatedSpreadsheet();
    const { SpreadsheetApp, PropertiesService, LockService, CacheService } = executionOn(spreadsheet, options);
    expect(SpreadsheetApp.getActiveSpreadsheet()).toBeNull();
    expect(SpreadsheetApp.getActive()).toBeNull();
    expect(PropertiesService.getDocumentProperties()).toBeNull();
    expect(LockService.getDocumentLock()).toBeNull();
    expect(CacheService.getDocumentCache()).toBeNull();
    // What still reaches the sheet and the script's own state there:
    expect(SpreadsheetApp.openById(spreadsheet.id).getId()).toBe(spreadsheet.id);
    PropertiesService.getScriptProperties().setProperty('k', 'v');
    expect(spreadsheet.properties.script.get('k')).toBe('v');
    expect(String(LockService.getScriptLock())).toBe('Lock');
  });

  test.each(['ui', 'trigger'] as const)('a %s execution of the bound script reaches its container', (context) => {
    const spreadsheet = new EmulatedSpreadsheet();
    const { SpreadsheetApp, PropertiesService, LockService } = executionOn(spreadsheet, { context });
    expect(SpreadsheetApp.getActiveSpreadsheet()?.getId()).toBe(spreadsheet.id);
    expect(PropertiesService.getDocumentProperties()).not.toBeNull();
    expect(LockService.getDocumentLock()).not.toBeNull();
  });

  test('openById opens only the spreadsheet it is given the id of', () => {
    const { SpreadsheetApp } = executionOn(new EmulatedSpreadsheet(), API_EXECUTION);
    expect(thrownMessage(() => SpreadsheetApp.openById('someone-elses-sheet'))).toBe(
      'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    );
    expect(thrownMessage(() => SpreadsheetApp.openById(42))).toMatch(/SpreadsheetApp.openById/);
  });

  test('an execution is outside the document by default, as scripts.run is', () => {
    expect(createExecution(new EmulatedSpreadsheet()).globals.SpreadsheetApp.getActive()).toBeNull();
  });

  test('getUi works in a ui execution', () => {
    const { SpreadsheetApp } = fresh({}, { context: 'ui' });
    expect(String(SpreadsheetApp.getUi())).toBe('Ui');
  });

  test('service errors are Errors named Exception, as Apps Script reports them', () => {
    const { active } = fresh();
    let caught: unknown;
    try {
      active.getRange('Nope!A1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).name).toBe('Exception');
  });

  test('in AuthMode.NONE only menus can be built', () => {
    const { SpreadsheetApp, CacheService, execution } = executionOn(new EmulatedSpreadsheet(), {
      context: 'ui',
      authMode: 'NONE',
    });
    SpreadsheetApp.getUi().createMenu('Agent Plan').addItem('Open plan', 'showPlanSidebar').addToUi();
    expect(execution.ui.menus).toHaveLength(1);
    expect(thrownMessage(() => CacheService.getUserCache())).toMatch(
      /^You do not have permission to call CacheService.getUserCache in AuthMode.NONE/,
    );
    expect(() => SpreadsheetApp.getActiveSpreadsheet()).toThrow(/AuthMode.NONE/);
  });
});

describe('the call log', () => {
  test('calls are logged in order, with a short summary of their arguments', () => {
    const { active, execution } = fresh({ sheets: ['Sheet1', 'AGENT_BASE'] });
    active
      .getSheetByName('AGENT_BASE')!
      .getRange('C2:D2')
      .setValues([['x'.repeat(100), 'meta']]);
    expect(execution.calls.map(({ service, method, args }) => ({ service, method, args }))).toEqual([
      { service: 'SpreadsheetApp', method: 'getActive', args: [] },
      { service: 'Spreadsheet', method: 'getSheetByName', args: ['"AGENT_BASE"'] },
      { service: 'Sheet', method: 'getRange', args: ['"C2:D2"'] },
      { service: 'Range', method: 'setValues', args: ['[1x2]'] },
    ]);
  });

  test('countCalls counts by "Service.method", by service, by object or by predicate', () => {
    const { active, execution } = fresh();
    const range = active.getRange('A1:B2');
    range.getValues();
    range.setValues([
      [1, 2],
      [3, 4],
    ]);
    range.getValues();
    expect(execution.countCalls('Range.getValues')).toBe(2);
    expect(execution.countCalls('Range')).toBe(3);
    expect(execution.countCalls({ service: 'Range', method: 'setValues' })).toBe(1);
    expect(execution.countCalls((call) => call.method.startsWith('get'))).toBe(4);
    expect(execution.countCalls()).toBe(5);
  });

  test('calls made by the emulator itself are not logged', () => {
    const { active, execution } = fresh();
    active.getRange('A1').getSheet().getName();
    expect(execution.calls.map((call) => `${call.service}.${call.method}`)).toEqual([
      'SpreadsheetApp.getActive',
      'Spreadsheet.getRange',
      'Range.getSheet',
      'Sheet.getName',
    ]);
  });
});

describe('fault injection', () => {
  test('fault injection makes setValues throw before writing', () => {
    const { active, execution, spreadsheet } = fresh();
    active.getRange('A1').setValue('old');
    execution.faults.failNext('Range.setValues', 'Service Spreadsheets failed while accessing document');
    const range = active.getRange('A1:A1');
    expect(thrownMessage(() => range.setValues([['new']]))).toBe(
      'Service Spreadsheets failed while accessing document',
    );
    expect(spreadsheet.cell('A1')).toBe('old');
    range.setValues([['new']]);
    expect(spreadsheet.cell('A1')).toBe('new');
  });

  test('the failing call is logged with its failure', () => {
    const { active, execution } = fresh();
    execution.faults.failNext('Range.getValues', 'boom');
    const range = active.getRange('A1');
    expect(() => range.getValues()).toThrow('boom');
    expect(execution.calls.at(-1)).toEqual(
      expect.objectContaining({ service: 'Range', method: 'getValues', failure: 'boom' }),
    );
  });

  test('failAlways keeps failing until clear()', () => {
    const { active, execution } = fresh();
    execution.faults.failAlways('Range', 'Range service down');
    const range = active.getRange('A1');
    expect(() => range.getValue()).toThrow('Range service down');
    expect(() => range.setValue(1)).toThrow('Range service down');
    execution.faults.clear();
    expect(range.setValue(1).getValue()).toBe(1);
  });

  test('a predicate can pick the nth call', () => {
    const { active, execution } = fresh();
    execution.faults.failNext((call) => call.index === 2, 'third call fails');
    const range = active.getRange('A1');
    expect(() => range.getValue()).toThrow('third call fails');
  });
});

describe('the end of an execution', () => {
  test('service objects refuse calls once the execution has ended', () => {
    const { active, execution } = fresh();
    const range = active.getRange('A1');
    execution.end();
    expect(execution.ended).toBe(true);
    expect(thrownMessage(() => range.getValue())).toMatch(/this execution has ended/);
  });

  test("executions on one spreadsheet see each other's writes once the writer has ended", () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const first = executionOn(spreadsheet);
    first.SpreadsheetApp.getActive()!.getRange('A1').setValue('written by the first');
    first.execution.end();
    expect(executionOn(spreadsheet).SpreadsheetApp.getActive()!.getRange('A1').getValue()).toBe('written by the first');
  });
});

// Lock#releaseLock: call SpreadsheetApp.flush() first "to commit all pending changes to the spreadsheet before another
// script can access it" (https://developers.google.com/apps-script/reference/lock/lock#releaseLock()).
describe('writes another execution has not flushed', () => {
  function twoExecutions() {
    const spreadsheet = new EmulatedSpreadsheet();
    const seed = executionOn(spreadsheet);
    seed.SpreadsheetApp.getActive()!
      .getRange('A1:B2')
      .setValues([
        ['committed', 'kept'],
        ['row 2', ''],
      ]);
    seed.execution.end();
    return { spreadsheet, writer: executionOn(spreadsheet), reader: executionOn(spreadsheet) };
  }

  test('are unseen by others until the writer flushes; the writer reads its own', () => {
    const { spreadsheet, writer, reader } = twoExecutions();
    const written = writer.SpreadsheetApp.getActive()!;
    const read = reader.SpreadsheetApp.getActive()!;
    written.getRange('A1').setValue('pending');
    written.getRange('A2:B2').clearContent();
    expect(written.getRange('A1:B2').getValues()).toEqual([
      ['pending', 'kept'],
      ['', ''],
    ]);
    expect(read.getRange('A1:B2').getValues()).toEqual([
      ['committed', 'kept'],
      ['row 2', ''],
    ]);
    expect(read.getSheets()[0].getLastRow()).toBe(2);
    expect(written.getSheets()[0].getLastRow()).toBe(1);
    expect(spreadsheet.cell('Sheet1!A1')).toBe('pending');
    writer.SpreadsheetApp.flush();
    expect(read.getRange('A1:A2').getValues()).toEqual([['pending'], ['']]);
    expect(read.getSheets()[0].getLastRow()).toBe(1);
  });

  test('are committed when the writer ends (a row it appended too)', () => {
    const { writer, reader } = twoExecutions();
    writer.SpreadsheetApp.getActive()!.getSheets()[0].appendRow(['appended by the writer']);
    expect(reader.SpreadsheetApp.getActive()!.getSheets()[0].getLastRow()).toBe(2);
    writer.execution.end();
    expect(reader.SpreadsheetApp.getActive()!.getRange('A3').getValue()).toBe('appended by the writer');
  });

  test('a lock released without a flush lets the next holder read what was there before', () => {
    const { writer, reader } = twoExecutions();
    const lock = writer.LockService.getScriptLock();
    expect(lock.tryLock(0)).toBe(true);
    writer.SpreadsheetApp.getActive()!.getRange('A1').setValue('lost to the next holder');
    lock.releaseLock();
    const next = reader.LockService.getScriptLock();
    expect(next.tryLock(0)).toBe(true);
    expect(reader.SpreadsheetApp.getActive()!.getRange('A1').getValue()).toBe('committed');
  });
});
