/**
 * A click in the sidebar is what a person waits for: like every change, a sidebar action costs one range read and one
 * range write of the plan (and one write of its copy in the history sheet), and its answer (the new plan) needs no
 * further read.
 */
import { PERSON_FUNCTIONS } from '../../src/core/api/api-person-functions';
import type { ApiFunctionSpec } from '../../src/core/api/api-spec';
import { sessionFromPage } from '../../sidebar/src/protocol';
import { TIME_ZONE_PROPERTY } from '../../src/apps-script/spreadsheet-access';
import {
  execute,
  openedSheet,
  openSidebar,
  PLAN,
  plan,
  PLAN_SHEET,
  REVISION,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
} from './harness';

const PLAN_TEXT = plan(
  '# Plan: Clicks',
  'Goal: Count them',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [!] 1.2 Check — totals',
  '',
  '## Questions for User',
  '',
  '- Which range?',
);

test.each([
  ['sidebarTaskAction', ['start', '1.1', null]],
  ['sidebarTaskAction', ['approve', '1.2', 'looks right']],
  ['sidebarAnswerQuestion', [1, 'Sheet1!A1:C9']],
])('%s %j costs one range read and one range write of the plan', (name, args) => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const { result, error, execution } = execute(spreadsheet, name, [token, ...args], { context: 'ui' });
  expect(error).toBeUndefined();
  const ranges = execution.calls
    .filter((call: { service: string }) => call.service === 'Range')
    .map((call: { method: string }) => call.method);
  expect(ranges).toEqual(['getValues', 'setValues', 'setValues']);
  expect(execution.countCalls('SpreadsheetApp.getActiveSpreadsheet')).toBe(1);
  // The answer is the plan as written.
  expect((result as { markdown: string }).markdown).toBe(String(spreadsheet.cell(PLAN)));
  expect((result as { revision: number }).revision).toBe(JSON.parse(String(spreadsheet.cell(REVISION))).revision);
});

test('the change check the sidebar polls is one range read, and nothing when the plan is unchanged', () => {
  const spreadsheet = sheetWithPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  const loaded = execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' }).result as { stamp: string };
  const { result, execution } = execute(spreadsheet, 'sidebarCheck', [token, loaded.stamp], { context: 'ui' });
  expect(result).toBeNull();
  expect(
    execution.calls
      .filter((call: { service: string }) => call.service === 'Range')
      .map((call: { method: string }) => call.method),
  ).toEqual(['getValues']);
  expect(execution.countCalls('SpreadsheetApp.getActiveSpreadsheet')).toBe(1);
});

test('the sidebar opens with the plan in its page: what sidebarLoad answers, without a call of its own', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const { error, execution } = execute(spreadsheet, 'showPlanSidebar', [], { context: 'ui' });
  expect(error).toBeUndefined();
  const session = sessionFromPage(execution.ui.sidebars[0].content)!;
  const loaded = execute(spreadsheet, 'sidebarLoad', [session.token], { context: 'ui' }).result;
  expect(session.view).toEqual(loaded);
  expect(session.view).toMatchObject({ markdown: PLAN_TEXT, writes: [], timeZone: expect.any(String) });
});

test('opening the sidebar asks the spreadsheet its id and time zone once each (each a round trip in Google)', () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const { error, execution } = execute(spreadsheet, 'showPlanSidebar', [], { context: 'ui' });
  expect(error).toBeUndefined();
  expect(execution.countCalls('Spreadsheet.getId')).toBe(1);
  expect(execution.countCalls('Spreadsheet.getSpreadsheetTimeZone')).toBe(1);
  const session = sessionFromPage(execution.ui.sidebars[0].content)!;
  expect(session.view?.timeZone).toBe(spreadsheet.timeZone);
});

test("a sidebar's reload asks the time zone once, and remembers a changed one for the agents", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  spreadsheet.timeZone = 'Pacific/Kiritimati'; // File → Settings, while the sidebar is open
  const { result, execution } = execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' });
  expect(execution.countCalls('Spreadsheet.getSpreadsheetTimeZone')).toBe(1);
  expect(result).toMatchObject({ timeZone: 'Pacific/Kiritimati' });
  expect(spreadsheet.properties.script.get(TIME_ZONE_PROPERTY)).toBe('Pacific/Kiritimati');
});

test('a sheet with no plan yet opens the sidebar with an empty plan in its page', () => {
  const spreadsheet = openedSheet();
  const { error, execution } = execute(spreadsheet, 'showPlanSidebar', [], { context: 'ui' });
  expect(error).toBeUndefined();
  expect(sessionFromPage(execution.ui.sidebars[0].content)?.view).toMatchObject({ markdown: '', revision: 0 });
});

test("the sidebar's Initialize plan says why the sheet could not be set up, and writes nothing", () => {
  const spreadsheet = openedSheet({ sheets: ['Sheet1'] });
  const token = openSidebar(spreadsheet);
  const before = JSON.stringify(spreadsheet.toJSON());
  const { error } = execute(spreadsheet, 'sidebarInitPlan', [token], {
    context: 'ui',
    prepare: (run) => run.faults.failNext('Spreadsheet.insertSheet', 'Network error'),
  });
  expect(error?.message).toMatch(/^SERVICE_ERROR: The plan could not be initialized: .*Network error/);
  expect(JSON.stringify(spreadsheet.toJSON())).toBe(before);
});

describe('a range link in the sidebar selects the range in the sheet', () => {
  test('one round trip: the range is selected on its sheet, and the plan is neither read nor written', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    spreadsheet.addSheet('My Sheet');
    const token = openSidebar(spreadsheet);
    const { result, error, execution } = execute(spreadsheet, 'sidebarSelectRange', [token, "'My Sheet'!A:A"], {
      context: 'ui',
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ sheet: 'My Sheet', range: 'A1:A1000' });
    expect(spreadsheet.selection('owner@example.com')).toEqual({ sheetName: 'My Sheet', a1: 'A1:A1000' });
    expect(execution.countCalls({ service: 'Range', method: 'getValues' })).toBe(0);
    expect(execution.countCalls({ service: 'Range', method: 'setValues' })).toBe(0);
    expect(execution.countCalls({ service: 'Range', method: 'activate' })).toBe(1);
  });

  test.each([
    [
      'Nowhere!A1',
      new RegExp(
        '^NOT_FOUND: This spreadsheet has no sheet named "Nowhere", so Nowhere!A1 cannot be selected ' +
          `\\(sheets: Sheet1, ${PLAN_SHEET}\\)$`,
      ),
    ],
    ['Sheet1!A2:A5000', /^NOT_FOUND: Sheet1!A2:A5000 is outside the sheet "Sheet1" \(1000 rows, 26 columns\)$/],
    ['A1:B2', /^INVALID_ARGUMENT: reference "A1:B2": it names no sheet; write it as Sheet!A1:B2/],
  ])('%s is refused in plain words and selects nothing', (reference, message) => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const { error } = execute(spreadsheet, 'sidebarSelectRange', [token, reference], { context: 'ui' });
    expect(error?.message).toMatch(message);
    expect(spreadsheet.selection('owner@example.com')).toBeUndefined();
  });

  test('the agent cannot move the person’s selection: no token, no selection', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const { error } = execute(spreadsheet, 'sidebarSelectRange', ['forged', 'Sheet1!A1']);
    expect(error?.message).toMatch(/^NEEDS_PERSON: /);
    expect(spreadsheet.selection('owner@example.com')).toBeUndefined();
  });
});

describe('a sidebar whose token the cache dropped gets a fresh one, only where a person is', () => {
  test('after an eviction the old token is refused, and sidebarRenewSession mints one that works', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    spreadsheet.evictCache();
    expect(execute(spreadsheet, 'sidebarLoad', [token], { context: 'ui' }).error?.message).toMatch(
      /^NEEDS_PERSON: The sidebar session has expired or is unknown/,
    );
    const renewed = execute(spreadsheet, 'sidebarRenewSession', [], { context: 'ui' }).result as { token: string };
    expect(renewed.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(renewed.token).not.toBe(token);
    const loaded = execute(spreadsheet, 'sidebarLoad', [renewed.token], { context: 'ui' });
    expect(loaded.error).toBeUndefined();
    expect((loaded.result as { markdown: string }).markdown).toBe(PLAN_TEXT);
  });

  test('through scripts.run it fails at getUi() and mints nothing', () => {
    const spreadsheet = sheetWithPlan(PLAN_TEXT);
    const { error } = execute(spreadsheet, 'sidebarRenewSession', []);
    expect(error?.message).toBe('Cannot call SpreadsheetApp.getUi() from this context.');
    expect(spreadsheet.caches.user('owner@example.com').size).toBe(0);
  });
});

describe("a sidebar call's arguments are checked by the descriptor's rules, once the person is", () => {
  /** The sidebar functions that take arguments after the person token, and the name of the first of those. */
  const CHECKED = Object.entries(PERSON_FUNCTIONS as Record<string, ApiFunctionSpec>).flatMap(([name, spec]) =>
    spec.callers.includes('person') && spec.args[0]?.name === 'token' && spec.args[1]
      ? [[name, spec.args[1].name] as const]
      : [],
  );

  test.each(CHECKED)('%s refuses a list as its %s by name, writing nothing', (name, argument) => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    const { error } = execute(spreadsheet, name, [token, [[]]], { context: 'ui' });
    expect(error?.message).toMatch(new RegExp(`^INVALID_ARGUMENT: ${argument} must be .* \\(got a list\\)$`));
    expect(snapshot(spreadsheet)).toBe(before);
  });

  /** Every function that takes a person token first. */
  const TOKEN_TAKING = Object.entries(PERSON_FUNCTIONS as Record<string, ApiFunctionSpec>).flatMap(([name, spec]) =>
    spec.args[0]?.name === 'token' ? [name] : [],
  );

  test.each(TOKEN_TAKING)('%s through scripts.run is NEEDS_PERSON even with the person’s own live token', (name) => {
    // scripts.run runs as the person who authorized it, with their user cache, so the token is found; but there is no
    // spreadsheet open in front of a person (an agent holding a copied token gets no further than without one).
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const token = openSidebar(spreadsheet);
    const before = snapshot(spreadsheet);
    // A list where no sidebar function takes one: the person is checked before the arguments, as without a token.
    const { error } = execute(spreadsheet, name, [token, [[]]]);
    expect(error?.message).toMatch(/^NEEDS_PERSON: A person’s call needs the spreadsheet open in front of them/);
    expect(snapshot(spreadsheet)).toBe(before);
  });

  test.each(CHECKED)('%s without a person token says it is a person’s, whatever else it was sent', (name) => {
    const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    const before = snapshot(spreadsheet);
    const forged = '00000000-0000-4000-8000-000000000000';
    for (const token of [undefined, forged]) {
      const { error } = execute(spreadsheet, name, [token, [[]]]);
      expect(error?.message).toMatch(/^NEEDS_PERSON: /);
    }
    expect(snapshot(spreadsheet)).toBe(before);
  });
});
