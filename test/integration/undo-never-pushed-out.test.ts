/**
 * The person's undo is never pushed out of the write log: a write the person can still undo stays in the log, whatever
 * the agent writes or reads after it. Reads and settled writes (undone) go first; when only undoable writes are left
 * and the log is full, the agent's next write is refused (nothing written) and told to ask the person, who undoes some
 * or keeps them all (they stay listed, no longer undoable).
 */
import { WRITE_LOG_LIMIT } from '../../src/apps-script/write-log-bounds';
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

test('the person keeps every write they could undo: the agent writes again, and a kept write cannot be undone', () => {
  const { spreadsheet, token, agent } = setUp();
  tool(spreadsheet, agent.key, 'start_task', { step: '1.2' });
  const answers = harmlessWrites(spreadsheet, agent.key, 1, WRITE_LOG_LIMIT + 1);
  expect(answers[WRITE_LOG_LIMIT]!.text).toMatch(/^NEEDS_PERSON: .* keep the rest \(Keep all writes\)/);
  // Only a person keeps writes: an agent has no such function, and a call without the person's token is refused.
  expect(() => callAsPerson(spreadsheet, 'not-the-token', 'sidebarKeepWrites', WRITE_LOG_LIMIT)).toThrow();
  // The person keeps what they saw: a number the log no longer holds (the agent wrote since) keeps nothing.
  const before = snapshot(spreadsheet);
  expect(() => callAsPerson(spreadsheet, token, 'sidebarKeepWrites', 85)).toThrow(
    /^CONFLICT: The log holds 100 writes that can be undone now, not the 85 you saw/,
  );
  expect(snapshot(spreadsheet)).toBe(before);

  const view = callAsPerson(spreadsheet, token, 'sidebarKeepWrites', WRITE_LOG_LIMIT) as {
    writes: Array<{ id: string; kind: string; kept?: true }>;
  };
  const writes = view.writes.filter((entry) => entry.kind === 'write');
  expect(writes).toHaveLength(WRITE_LOG_LIMIT);
  expect(writes.every((entry) => entry.kept)).toBe(true);
  expect(
    JSON.parse(tool(spreadsheet, agent.key, 'write_range', { a1: 'Scratch!A150', values: [[1]], step: '1.2' })),
  ).toMatchObject({ range: 'Scratch!A150' });
  expect(() => callAsPerson(spreadsheet, token, 'sidebarUndoWrite', writes[0]!.id)).toThrow(
    /^INVALID_TRANSITION: The write to Scratch!A100 was kept; it can no longer be undone/,
  );
  expect(spreadsheet.cell('Scratch!A100')).toBe(100);
  // The agent sees them kept too.
  const log = JSON.parse(tool(spreadsheet, agent.key, 'get_write_log', { limit: 3 })) as {
    entries: Array<{ range: string; kept?: true }>;
  };
  expect(log.entries.map((entry) => [entry.range, entry.kept])).toEqual([
    ['Scratch!A150', undefined],
    ['Scratch!A100', true],
    ['Scratch!A99', true],
  ]);
});

test('keeping when no write can be undone is refused, and nothing is written', () => {
  const { spreadsheet, token } = setUp();
  const before = snapshot(spreadsheet);
  expect(() => callAsPerson(spreadsheet, token, 'sidebarKeepWrites', 1)).toThrow(
    /^INVALID_TRANSITION: No write in the log can be undone now; there is nothing to keep/,
  );
  expect(snapshot(spreadsheet)).toBe(before);
});
