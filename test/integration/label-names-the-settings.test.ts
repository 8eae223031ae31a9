/**
 * The label over the record (`AGENT_BASE!D1`) names the settings the person last saved, by their fingerprint
 * (src/apps-script/record-label.ts). An execution reads the settings once, as it begins; one that then waits for the
 * lock while the person saves others finds the label naming other settings when it reads the plan under the lock, and
 * reads them again (one call, only then) before it acts on them. The races themselves are in review22-races.test.ts.
 */
import { digestText } from '../../src/core/text';
import { PLAN_LOCATION, cellReference } from '../../src/apps-script/plan-location';
import { SETTINGS_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { callAsPerson, execute, openSidebar, plan, sheetWithSavedPlan } from './harness';

const LABEL = cellReference(PLAN_LOCATION.metadataLabelCell);
const PLAN_TEXT = plan('# Plan: Settings', 'Status: approved', '### Phase 1: Work', '- [ ] 1.1 First', '');

const savedSettings = (spreadsheet: EmulatedSpreadsheet) => spreadsheet.properties.script.get(SETTINGS_PROPERTY) ?? '';
/** Reads of the settings' property by itself (a fresh read): as the execution began, all were read at once. */
const settingsReads = (execution: { calls: readonly { method: string; args: readonly string[] }[] }) =>
  execution.calls.filter(
    (entry) => entry.method === 'getProperty' && entry.args[0] === JSON.stringify(SETTINGS_PROPERTY),
  ).length;
const namedSettings = (spreadsheet: EmulatedSpreadsheet) =>
  / settings (\S+)$/.exec(String(spreadsheet.cell(LABEL)))?.[1];

test("the person's save of the settings writes the label naming them, in the same change", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  expect(namedSettings(spreadsheet)).toBe(digestText(savedSettings(spreadsheet)));
  const before = savedSettings(spreadsheet);
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { mailWhenWaiting: true });
  expect(savedSettings(spreadsheet)).not.toBe(before);
  expect(namedSettings(spreadsheet)).toBe(digestText(savedSettings(spreadsheet)));
});

test('a change that read the settings the label names reads them once, as it began', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const { error, execution } = execute(spreadsheet, 'startTask', ['1.1']);
  expect(error).toBeUndefined();
  expect(settingsReads(execution)).toBe(0);
  expect(execution.countCalls('Properties.getProperties')).toBe(1);
});

test('a change that read other settings than the label names reads them again once, under the lock', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const { error, execution } = execute(spreadsheet, 'startTask', ['1.1'], {
    prepare: (starting) =>
      starting.faults.interleave('Lock.tryLock', () => {
        callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { mailWhenWaiting: true });
      }),
  });
  expect(error).toBeUndefined();
  expect(settingsReads(execution)).toBe(1);
});

test("two saves of the settings, one while the other waited for the lock: neither undoes the other's", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const { error } = execute(spreadsheet, 'sidebarSaveSettings', [token, { approvalRequired: true }], {
    context: 'ui',
    prepare: (saving) =>
      saving.faults.interleave('Lock.tryLock', () => {
        callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { mailWhenWaiting: true });
      }),
  });
  expect(error).toBeUndefined();
  expect(JSON.parse(savedSettings(spreadsheet))).toMatchObject({ approvalRequired: true, mailWhenWaiting: true });
});
