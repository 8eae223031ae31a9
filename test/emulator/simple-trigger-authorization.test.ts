/**
 * Simple triggers (onOpen, onEdit) run in AuthMode.LIMITED: they "cannot access services that require authorization"
 * (a simple trigger cannot send an e-mail) and "can modify the file they are bound to, but cannot access other files"
 * (https://developers.google.com/apps-script/guides/triggers#restrictions). A call that needs more is refused with
 * the words Google's refusal has, naming the scope, and does nothing; the bound spreadsheet and the services that need
 * no authorization stay usable. Assumption simple-trigger-authorization (src/node/emulator/assumptions.ts).
 */
import { EmulatedSpreadsheet, createExecution, type ExecutionContextKind } from '../../src/node/emulator';
import { thrownMessage } from './helpers';

/** A simple trigger's execution: onEdit's ('trigger', the default) or onOpen's ('ui': a window opened the document). */
function simpleTrigger(context: ExecutionContextKind = 'trigger') {
  const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Sheet1'] });
  const execution = createExecution(spreadsheet, { context, authMode: 'LIMITED' });
  return { spreadsheet, execution, ...execution.globals };
}

const refusal = (call: string, scope: string) =>
  `You do not have permission to call ${call}. Required permissions: https://www.googleapis.com/auth/${scope}`;

test('a simple trigger cannot send e-mail nor read the quota (MailApp needs script.send_mail)', () => {
  const { MailApp, spreadsheet, execution } = simpleTrigger();
  expect(thrownMessage(() => MailApp.sendEmail('person@example.com', 'subject', 'body'))).toBe(
    refusal('MailApp.sendEmail', 'script.send_mail'),
  );
  expect(thrownMessage(() => MailApp.getRemainingDailyQuota())).toBe(
    refusal('MailApp.getRemainingDailyQuota', 'script.send_mail'),
  );
  expect(spreadsheet.sentMail).toHaveLength(0);
  expect(execution.calls.map((call) => call.failure)).toEqual(['AuthMode.LIMITED', 'AuthMode.LIMITED']);
});

test('a simple trigger cannot make, list or delete installable triggers (ScriptApp needs script.scriptapp)', () => {
  const { ScriptApp, spreadsheet } = simpleTrigger();
  expect(thrownMessage(() => ScriptApp.newTrigger('sendWaitingMail').timeBased().after(60_000).create())).toBe(
    refusal('ScriptApp.newTrigger', 'script.scriptapp'),
  );
  expect(thrownMessage(() => ScriptApp.getProjectTriggers())).toBe(
    refusal('ScriptApp.getProjectTriggers', 'script.scriptapp'),
  );
  expect(thrownMessage(() => ScriptApp.deleteTrigger({}))).toBe(refusal('ScriptApp.deleteTrigger', 'script.scriptapp'));
  expect(spreadsheet.triggers.all).toHaveLength(0);
});

test('a simple trigger cannot open a spreadsheet by id, not even its own (spreadsheets)', () => {
  const { SpreadsheetApp, spreadsheet } = simpleTrigger();
  expect(thrownMessage(() => SpreadsheetApp.openById(spreadsheet.id))).toBe(
    refusal('SpreadsheetApp.openById', 'spreadsheets'),
  );
});

test('a simple onOpen cannot show a sidebar (Ui.showSidebar needs script.container.ui)', () => {
  const { SpreadsheetApp, HtmlService, execution } = simpleTrigger('ui');
  const page = HtmlService.createHtmlOutput('<p>hi</p>');
  expect(thrownMessage(() => SpreadsheetApp.getUi().showSidebar(page))).toBe(
    refusal('Ui.showSidebar', 'script.container.ui'),
  );
  expect(execution.ui.sidebars).toHaveLength(0);
});

test('a simple trigger reads and writes its bound spreadsheet and uses the services that need no authorization', () => {
  const { SpreadsheetApp, PropertiesService, CacheService, LockService, Utilities, ScriptApp, spreadsheet } =
    simpleTrigger();
  const active = SpreadsheetApp.getActiveSpreadsheet();
  expect(active?.getId()).toBe(spreadsheet.id);
  active?.getRange('Sheet1!A1').setValue('edited');
  expect(SpreadsheetApp.getActive()?.getRange('Sheet1!A1').getValue()).toBe('edited');
  PropertiesService.getDocumentProperties()?.setProperty('k', 'v');
  PropertiesService.getScriptProperties().setProperty('k', 'v');
  expect(PropertiesService.getScriptProperties().getProperty('k')).toBe('v');
  CacheService.getScriptCache().put('k', 'v');
  expect(CacheService.getDocumentCache()?.get('missing')).toBeNull();
  const lock = LockService.getScriptLock();
  expect(lock.tryLock(0)).toBe(true);
  lock.releaseLock();
  expect(Utilities.getUuid()).toMatch(/^[0-9a-f-]{36}$/);
  expect(String(ScriptApp.AuthMode.LIMITED)).toBe('LIMITED');
});

test('a simple onOpen builds menus, shows an alert and makes HTML; only showing it is refused', () => {
  const { SpreadsheetApp, HtmlService, execution } = simpleTrigger('ui');
  const ui = SpreadsheetApp.getUi();
  ui.createMenu('Agent Plan').addItem('Open plan', 'showPlanSidebar').addToUi();
  ui.alert('Welcome');
  expect(HtmlService.createHtmlOutput('<p>hi</p>').setTitle('Plan').getContent()).toBe('<p>hi</p>');
  expect(execution.ui.menus.map((menu) => menu.name)).toEqual(['Agent Plan']);
  expect(execution.calls.filter((call) => call.failure)).toEqual([]);
});

test.each([
  ['a menu item or the sidebar', 'ui'],
  ['an installable trigger', 'trigger'],
  ['scripts.run', 'api'],
] as const)('outside a simple trigger (%s) the same calls are allowed', (_kind, context) => {
  const spreadsheet = new EmulatedSpreadsheet({ sheets: ['Sheet1'] });
  const { MailApp, ScriptApp, SpreadsheetApp } = createExecution(spreadsheet, { context }).globals;
  MailApp.sendEmail('person@example.com', 'subject', 'body');
  ScriptApp.newTrigger('sendWaitingMail').timeBased().after(60_000).create();
  expect(ScriptApp.getProjectTriggers()).toHaveLength(1);
  expect(SpreadsheetApp.openById(spreadsheet.id).getId()).toBe(spreadsheet.id);
  expect(spreadsheet.sentMail).toHaveLength(1);
});
