/**
 * ScriptApp's one-off time-driven triggers as Google documents them: made with newTrigger().timeBased().after(ms),
 * listed per user, deleted once, at most 20 per user per script, and run by the emulator's clock when due.
 */
import path from 'node:path';
import { EmulatedSpreadsheet, MAX_TRIGGERS_PER_USER, runDueTriggers } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

const DIST = path.resolve(__dirname, '../../dist');
const NOON = Date.parse('2026-03-02T12:00:00Z');
const clock = (ms: number) => () => new Date(ms);

describe('ScriptApp time-driven triggers', () => {
  test('after(ms) makes a trigger due that many milliseconds later, listed with its handler and a unique id', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const { ScriptApp } = executionOn(spreadsheet, { now: clock(NOON) });
    const trigger = ScriptApp.newTrigger('sendLater').timeBased().after(60_000).create();
    expect(trigger.getHandlerFunction()).toBe('sendLater');
    expect(trigger.getEventType()).toBe(ScriptApp.EventType.CLOCK);
    const [listed] = ScriptApp.getProjectTriggers();
    expect(listed!.getUniqueId()).toBe(trigger.getUniqueId());
    expect(spreadsheet.triggers.due(new Date(NOON + 59_999))).toEqual([]);
    expect(spreadsheet.triggers.due(new Date(NOON + 60_000))).toHaveLength(1);
  });

  test('each user sees and deletes only their own triggers, and a trigger is deleted once', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const owner = executionOn(spreadsheet).ScriptApp;
    const trigger = owner.newTrigger('sendLater').timeBased().after(0).create();
    const other = executionOn(spreadsheet, { user: 'lee@example.com' }).ScriptApp;
    expect(other.getProjectTriggers()).toHaveLength(0);
    owner.deleteTrigger(trigger);
    expect(owner.getProjectTriggers()).toHaveLength(0);
    expect(thrownMessage(() => owner.deleteTrigger(trigger))).toMatch(/does not exist/);
  });

  test('a 21st trigger of one user is refused; a schedule is required', () => {
    const { ScriptApp } = executionOn(new EmulatedSpreadsheet());
    for (let made = 0; made < MAX_TRIGGERS_PER_USER; made += 1) ScriptApp.newTrigger('f').timeBased().after(1).create();
    expect(thrownMessage(() => ScriptApp.newTrigger('f').timeBased().after(1).create())).toMatch(/too many triggers/);
    expect(thrownMessage(() => ScriptApp.newTrigger('g').timeBased().create())).toMatch(/needs a schedule/);
    expect(thrownMessage(() => ScriptApp.newTrigger('g').timeBased().after(-1))).toMatch(/method signature/);
  });

  test('a due trigger runs once; a handler the bundle does not declare fails as Google says', () => {
    const spreadsheet = new EmulatedSpreadsheet();
    const { ScriptApp } = executionOn(spreadsheet, { now: clock(NOON) });
    ScriptApp.newTrigger('noSuchFunction').timeBased().after(1000).create();
    expect(runDueTriggers(spreadsheet, DIST, { now: clock(NOON) })).toEqual([]);
    const [outcome] = runDueTriggers(spreadsheet, DIST, { now: clock(NOON + 1000) });
    expect(outcome).toMatchObject({ error: { message: 'Script function not found: noSuchFunction' } });
    expect(outcome!.execution.context).toBe('trigger');
    expect(runDueTriggers(spreadsheet, DIST, { now: clock(NOON + 5000) })).toEqual([]);
    // Fired, it stays listed until the script deletes it.
    expect(ScriptApp.getProjectTriggers()).toHaveLength(1);
  });
});
