/**
 * Every change records who made it: an agent that came through the web app with its key is recorded under the name a
 * person gave it (the revision's changedBy, the history's "Replaced by", the write log's "By"); a scripts.run caller,
 * which carries no name, as `api`.
 */
import { runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { DIST, HISTORY_SHEET, callAsPerson, execute, openSidebar, plan, sheetWithSavedPlan } from './harness';

const PLAN_TEXT = plan(
  '# Plan: Notes',
  '',
  'Goal: Write them',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Sheet1!A2:A5 (notes)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Write the notes to Sheet1!A2:A5',
  '- [ ] 1.2 Check them',
);

function deployedSheet(): { spreadsheet: EmulatedSpreadsheet; token: string } {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  spreadsheet.webAppUrl = 'https://script.google.com/macros/s/AKfy-deployment/exec';
  runWebApp(spreadsheet, DIST, { method: 'GET' }); // opened once: Sheet Plan learns its address (web-app-url.ts)
  return { spreadsheet, token: openSidebar(spreadsheet) };
}

/** One MCP tool call through doPost with the agent's key; answers the tool's result. */
function toolCall(spreadsheet: EmulatedSpreadsheet, key: string, name: string, args: Record<string, unknown>) {
  const answer = runWebApp(spreadsheet, DIST, {
    method: 'POST',
    queryString: `key=${encodeURIComponent(key)}`,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    contentType: 'application/json',
  });
  const { result } = JSON.parse(answer.content) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  if (result.isError) throw new Error(result.content[0].text);
  return result;
}

/** The history sheet's "Replaced by" column (C), below its header. */
function replacedBy(spreadsheet: EmulatedSpreadsheet): string[] {
  const cells = spreadsheet.toJSON().sheets.find((sheet) => sheet.name === HISTORY_SHEET)?.cells ?? [];
  return cells.filter((cell) => /^C\d+$/.test(cell.cell) && cell.cell !== 'C1').map((cell) => String(cell.value));
}

test('an agent with a key is recorded under its name: changedBy, the history and the write log', () => {
  const { spreadsheet, token } = deployedSheet();
  const { key } = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude on my laptop');

  toolCall(spreadsheet, key, 'start_task', { step: '1.1' });
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  expect(view.changedBy).toBe('agent:Claude on my laptop');

  toolCall(spreadsheet, key, 'write_range', { a1: 'Sheet1!A2', values: [['counted']], step: '1.1' });
  const [write] = callAsPerson(spreadsheet, token, 'sidebarLoad').writes;
  expect(write).toMatchObject({ kind: 'write', by: 'agent:Claude on my laptop', range: 'Sheet1!A2' });

  // A change that replaces the whole document saves the one before to the history, naming who replaced it.
  const { stamp } = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const shorter = PLAN_TEXT.replace('- [ ] 1.2 Check them', '- [ ] 1.2 Check them twice');
  toolCall(spreadsheet, key, 'replace_plan', { markdown: shorter, base: stamp });
  expect(replacedBy(spreadsheet)).toEqual(['replacePlan (agent:Claude on my laptop)']);
});

test('a scripts.run caller carries no name: its changes are recorded as api', () => {
  const { spreadsheet, token } = deployedSheet();
  expect(execute(spreadsheet, 'startTask', ['1.1']).error).toBeUndefined();
  expect(callAsPerson(spreadsheet, token, 'sidebarLoad').changedBy).toBe('api');
});

test("the e-mail about what waits names the agent that asked: “Claude on my laptop's plan …”", () => {
  const { spreadsheet, token } = deployedSheet();
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { mailWhenWaiting: true });
  const { key } = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', 'Claude on my laptop');
  toolCall(spreadsheet, key, 'review_task', { step: '1.1', note: 'please look at the notes' });
  expect(spreadsheet.sentMail).toHaveLength(1);
  expect(spreadsheet.sentMail[0]!.body).toMatch(/^Claude on my laptop's plan in "/);
});
