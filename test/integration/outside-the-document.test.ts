/**
 * An agent's execution (scripts.run, a web app) runs outside the document: no active spreadsheet, no document
 * properties. A person's run remembers the spreadsheet; before one, an agent is told what to do and nothing is written;
 * a setting that cannot be read refuses the call rather than reading as "off".
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import {
  approveAsPerson,
  call,
  execute,
  openedByPerson,
  openSidebar,
  personEdits,
  plan,
  PLAN,
  PLAN_SHEET,
  sheetWithPlan,
  snapshot,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Count stock',
  'Goal: Know what is there',
  '',
  'Status: draft',
  '',
  '### Phase 1: Count',
  '- [ ] 1.1 Count Warehouse!A2:C20',
);

const neverOpened = () => new EmulatedSpreadsheet({ id: 'fresh-sheet', sheets: ['Sheet1'] });

describe('before any person has opened the sheet', () => {
  test.each(['api', 'webapp'] as const)(
    'an agent call in a %s execution gets NOT_CONNECTED, saying to use Agent Plan → Open plan, and writes nothing',
    (context) => {
      const spreadsheet = neverOpened();
      const before = snapshot(spreadsheet);
      for (const name of ['initPlan', 'getPlan', 'listSheets']) {
        const { error } = execute(spreadsheet, name, [], { context });
        expect(error?.message).toMatch(/^NOT_CONNECTED: .*open the spreadsheet and choose Agent Plan → Open plan once/);
        expect(error?.message).toContain('Nothing was read or written');
      }
      expect(snapshot(spreadsheet)).toBe(before);
    },
  );
});

describe('a person’s run remembers the spreadsheet for agents', () => {
  test('opening the sheet (onOpen) is enough: the agent then opens it by id', () => {
    const spreadsheet = openedByPerson(neverOpened());
    const { result, error, execution } = execute(spreadsheet, 'initPlan', []);
    expect(error).toBeUndefined();
    const started = result as { title: string; raw: string };
    expect(started.title).toBeTruthy();
    expect(execution.countCalls('SpreadsheetApp.openById')).toBe(1);
    expect(spreadsheet.cell(PLAN)).toBe(started.raw);
  });

  test('Agent Plan → Open plan connects the sheet too, and so does a person’s edit of the plan', () => {
    const viaSidebar = neverOpened();
    openSidebar(viaSidebar);
    expect(execute(viaSidebar, 'getPlan', []).error).toBeUndefined();

    const viaEdit = new EmulatedSpreadsheet({ id: 'edited-sheet', sheets: ['Sheet1', PLAN_SHEET] });
    personEdits(viaEdit, PLAN, PLAN_TEXT);
    expect(call(viaEdit, 'getPlan').title).toBe('Count stock');
  });

  test('a copy of the sheet (its script copied with it) is remembered anew when a person opens the copy', () => {
    const original = openedByPerson(neverOpened());
    const copy = EmulatedSpreadsheet.fromJSON({ ...original.toJSON(), id: 'the-copy' });
    openedByPerson(copy);
    expect(copy.properties.script.get('sheetPlan.spreadsheetId')).toBe('the-copy');
    expect(execute(copy, 'getPlan', []).error).toBeUndefined();
  });
});

describe('settings are read in every context, and never taken as "off" when they cannot be', () => {
  test('a setting an earlier version kept in document properties moves to script properties on a person’s run', () => {
    const spreadsheet = neverOpened();
    spreadsheet.properties.document.set('sheetPlan.settings', JSON.stringify({ approvalRequired: true }));
    openedByPerson(spreadsheet);
    expect(spreadsheet.properties.document.has('sheetPlan.settings')).toBe(false);
    expect(JSON.parse(spreadsheet.properties.script.get('sheetPlan.settings')!)).toEqual({ approvalRequired: true });
  });

  test('the approval gate reads its setting in an agent’s execution: a draft plan is not started', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    // An earlier version's sheet: its setting in the document properties, none in the script properties.
    spreadsheet.properties.script.delete('sheetPlan.settings');
    spreadsheet.properties.document.set('sheetPlan.settings', JSON.stringify({ approvalRequired: true }));
    // The id was remembered already: a new person's run moves the old setting only when it remembers the id anew.
    spreadsheet.properties.script.delete('sheetPlan.spreadsheetId');
    openedByPerson(spreadsheet);
    const { error } = execute(spreadsheet, 'startTask', ['1.1']);
    expect(error?.message).toMatch(/^NEEDS_APPROVAL: /);
    const token = openSidebar(spreadsheet);
    approveAsPerson(spreadsheet, token);
    expect(execute(spreadsheet, 'startTask', ['1.1']).error).toBeUndefined();
  });

  // Every key is read at once, the settings with them (src/apps-script/spreadsheet-access.ts).
  test.each(['PropertiesService.getScriptProperties', 'Properties.getProperties'])(
    'when the settings cannot be read (%s fails) the agent’s call is refused and nothing is written',
    (failing) => {
      // A draft plan, the person's approval required: read as "off", the setting would let the agent start.
      const spreadsheet = sheetWithPlan(PLAN_TEXT);
      spreadsheet.properties.script.set('sheetPlan.settings', JSON.stringify({ approvalRequired: true }));
      const before = snapshot(spreadsheet);
      let reads = 0;
      const { error } = execute(spreadsheet, 'startTask', ['1.1'], {
        prepare: (execution) =>
          execution.faults.failNext(
            (entry: { service: string; method: string; args: readonly string[] }) =>
              `${entry.service}.${entry.method}` === failing && ++reads === 1,
            'Service error: Properties',
          ),
      });
      expect(error?.message).toMatch(/^SERVICE_ERROR: .*Service error: Properties/);
      expect(snapshot(spreadsheet)).toBe(before);
    },
  );

  test('the write log’s mark moves in an agent’s execution, so the sidebar sees its writes', () => {
    const spreadsheet = sheetWithPlan(
      plan(
        '# Plan: Notes',
        'Goal: Write one',
        '',
        'Status: approved',
        '',
        '## Analysis',
        '',
        '- Target ranges:',
        '  - Write: Sheet1!A2:A5 (notes)',
        '',
        '### Phase 1: Work',
        '- [/] 1.1 Write the notes to Sheet1!A2:A5',
      ),
    );
    const before = spreadsheet.properties.script.get('sheetPlan.writeLogMark');
    const { error } = execute(spreadsheet, 'writeRange', ['Sheet1!A2', [['x']], '1.1']);
    expect(error).toBeUndefined();
    expect(spreadsheet.properties.script.get('sheetPlan.writeLogMark')).not.toBe(before);
    expect(spreadsheet.properties.document.size).toBe(0);
  });
});

test('the plan sheet the agent sets up is the one the person opened', () => {
  const spreadsheet = openedByPerson(neverOpened());
  call(spreadsheet, 'initPlan');
  expect(spreadsheet.sheets.map((sheet) => sheet.name)).toContain(PLAN_LOCATION.sheet);
});
