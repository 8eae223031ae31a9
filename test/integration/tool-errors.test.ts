/**
 * Over MCP, errors speak the caller's language: each refusal an agent meets through the web app's tools names tools
 * (`start_task`, `get_plan`), never the API functions behind them (`startTask("2.2")`, `getPlan()`), and never a
 * function that is no tool (`getHistory`). Run through the built bundle's doPost, as Google runs it.
 */
import { runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { AGENT_FUNCTION_NAMES } from '../../src/core/api/api-functions';
import { DIST, callAsPerson, openSidebar, openedSheet, sheetWithSavedPlan } from './harness';

const PLAN_TEXT = [
  '# Inventory',
  '',
  '**Goal:** Counts match.',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Summary!A1:C2',
  '',
  '## Phase 1: Count',
  '- [ ] 1.1 Read Warehouse!A2:C10',
  '- [ ] 1.2 Write Summary!A1:B2',
  '  - After: 1.1',
  '- [x] 1.3 Write Summary!C1:C2 ✅ 2026-01-08',
].join('\n');

const API_NAME = new RegExp(`\\b(${AGENT_FUNCTION_NAMES.filter((name) => name !== 'addPhase').join('|')})\\b`);

const WEB_APP = 'https://script.google.com/macros/s/AKfy-deployment/exec';

/** The web app deployed and opened once (Sheet Plan learns its address), then an agent connected: its key. */
function connect(spreadsheet: EmulatedSpreadsheet, name: string): string {
  spreadsheet.webAppUrl = WEB_APP;
  runWebApp(spreadsheet, DIST, { method: 'GET' });
  return callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarConnectAgent', name).key;
}

/** A tool's error text over MCP, as an agent with `key` gets it. */
function toolError(spreadsheet: EmulatedSpreadsheet, key: string, name: string, args: Record<string, unknown>) {
  const answer = runWebApp(spreadsheet, DIST, {
    method: 'POST',
    queryString: `key=${encodeURIComponent(key)}`,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    contentType: 'application/json',
  });
  const { result } = JSON.parse(answer.content) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  expect(result.isError).toBe(true);
  return result.content[0].text;
}

describe('on a plan in work', () => {
  let spreadsheet: EmulatedSpreadsheet;
  let key: string;
  let other: string;
  beforeAll(() => {
    spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
    spreadsheet.addSheet('Warehouse');
    spreadsheet.addSheet('Summary');
    key = connect(spreadsheet, 'Claude');
    other = connect(spreadsheet, 'Cursor');
  });

  test.each([
    ['a step that is not there', 'start_task', { step: '9.9' }, /^NOT_FOUND/],
    ['a task waiting for another', 'start_task', { step: '1.2' }, /^WAITING/],
    ['a done task completed again', 'complete_task', { step: '1.3' }, /^INVALID_TRANSITION/],
    ['a write for a task not started', 'write_range', { a1: 'Summary!A1', values: [[1]], step: '1.2' }, /start_task/],
    ["a read of Sheet Plan's own sheet", 'read_range', { a1: 'AGENT_BASE!A1' }, /^OUT_OF_SCOPE.*get_plan/],
    ['a sheet that is not there', 'read_range', { a1: 'Nope!A1' }, /^NOT_FOUND.*list_sheets/],
  ])('%s: %s answers in tool words', (_case, tool, args, says) => {
    const text = toolError(spreadsheet, key, tool, args);
    expect(text).toMatch(says);
    expect(text).not.toMatch(API_NAME);
  });

  test("another agent's claimed task: the refusal names get_next_task", () => {
    toolError(spreadsheet, key, 'start_task', { step: '9.9' });
    const started = runWebApp(spreadsheet, DIST, {
      method: 'POST',
      queryString: `key=${encodeURIComponent(key)}`,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'start_task', arguments: { step: '1.1' } },
      }),
      contentType: 'application/json',
    });
    expect(started.content).not.toMatch(/isError/);
    const text = toolError(spreadsheet, other, 'complete_task', { step: '1.1' });
    expect(text).toMatch(/^CLAIMED.*get_next_task/);
    expect(text).not.toMatch(API_NAME);
  });
});

test('no plan yet: the refusal names init_plan and create_plan', () => {
  const spreadsheet = openedSheet();
  const key = connect(spreadsheet, 'Claude');
  for (const tool of ['start_task', 'get_plan']) {
    const text = toolError(spreadsheet, key, tool, tool === 'start_task' ? { step: '1.1' } : {});
    expect(text).toMatch(/^NO_PLAN.*init_plan.*create_plan/);
    expect(text).not.toMatch(API_NAME);
  }
});
