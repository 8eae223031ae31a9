/**
 * The person's undo is never pushed out of the write log: a write the person can still undo stays in the log, whatever
 * the agent writes or reads after it. Reads and settled writes (undone) go first; when only undoable writes are left
 * and the log is full, the agent's next write is refused (nothing written) and told to ask the person.
 */
import { WRITE_LOG_LIMIT } from '../../src/apps-script/write-log';
import { callAsPerson, plan, sheetWithSavedPlan, snapshot, typeRows } from './harness';
import { connectAgent, deployed, postBatch, refused, tool } from './keyed-agents';

const PLAN_TEXT = plan(
  '# Plan: Clean up',
  '',
  'Goal: Tidy the customers',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Customers!A1:A50 (names)',
  '  - Write: Scratch!A1:A200 (counts)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Tidy Customers!A1:A50',
  '- [ ] 1.2 Count them in Scratch!A1:A200',
);

function setUp() {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  callAsPerson(spreadsheet, token, 'sidebarSaveSettings', { approvalRequired: false });
  typeRows(
    spreadsheet,
    'Customers!A1',
    Array.from({ length: 50 }, (_, index) => [`Customer ${index + 1}`]),
  );
  typeRows(spreadsheet, 'Scratch!A1', [['']]);
  return { spreadsheet, token, agent: connectAgent(spreadsheet, token, 'Claude on my laptop') };
}

/** `count` harmless writes of step 1.2, in batches (one POST each), each to its own cell of Scratch. */
function harmlessWrites(
  spreadsheet: ReturnType<typeof setUp>['spreadsheet'],
  key: string,
  from: number,
  count: number,
) {
  const calls = Array.from({ length: count }, (_, index) => [
    'write_range',
    { a1: `Scratch!A${from + index}`, values: [[from + index]], step: '1.2' },
  ]) as Array<[string, Record<string, unknown>]>;
  return postBatch(spreadsheet, key, calls);
}

test('a wipe of 50 cells stays undoable after more writes and reads: the 101st undoable write is refused', () => {
  const { spreadsheet, token, agent } = setUp();
  tool(spreadsheet, agent.key, 'start_task', { step: '1.1' });
  const blank = JSON.parse(
    tool(spreadsheet, agent.key, 'write_range', {
      a1: 'Customers!A1:A50',
      values: Array.from({ length: 50 }, () => ['']),
      step: '1.1',
    }),
  ) as { id: string };
  tool(spreadsheet, agent.key, 'start_task', { step: '1.2' });
  for (let read = 0; read < 120; read++) tool(spreadsheet, agent.key, 'read_range', { a1: 'Customers!B1' });
  const answers = harmlessWrites(spreadsheet, agent.key, 1, WRITE_LOG_LIMIT);
  expect(answers.slice(0, WRITE_LOG_LIMIT - 1).every((answer) => !answer.isError)).toBe(true);
  // The log holds 100 writes the person can still undo: the next is refused, and nothing of it is written.
  const last = answers[WRITE_LOG_LIMIT - 1]!;
  expect(last.isError).toBe(true);
  expect(last.text).toMatch(/^NEEDS_PERSON: The write log holds 100 writes the person can still undo/);
  expect(last.text).toContain('nothing was written');
  expect(spreadsheet.cell(`Scratch!A${WRITE_LOG_LIMIT}`) ?? '').toBe('');
  const before = snapshot(spreadsheet);
  expect(
    refused(() => tool(spreadsheet, agent.key, 'write_range', { a1: 'Scratch!A150', values: [[1]], step: '1.2' })),
  ).toMatch(/^NEEDS_PERSON/);
  expect(snapshot(spreadsheet)).toBe(before);

  // The person undoes the wipe: every customer is back.
  callAsPerson(spreadsheet, token, 'sidebarUndoWrite', blank.id);
  for (let row = 1; row <= 50; row++) expect(spreadsheet.cell(`Customers!A${row}`)).toBe(`Customer ${row}`);
  // An undone write is settled: it makes room for the agent's next write, which may push it out.
  expect(
    JSON.parse(tool(spreadsheet, agent.key, 'write_range', { a1: 'Scratch!A150', values: [[1]], step: '1.2' })),
  ).toMatchObject({ range: 'Scratch!A150' });
});
