/**
 * An earlier write of the agent's that still stands changed nothing beside a later write since it was made: its cells
 * read as they did then, and a sort moves them with their rows. So they stay in the later write's check (a table the
 * agent wrote, then a status column): only writes after it, and earlier ones undone since, are left out.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!A:C (bin, qty, status)");

const undo = (spreadsheet: EmulatedSpreadsheet, id: string) => undoAsPerson(spreadsheet, id).error?.message;

test('the agent writes a table, then one status in every row; the person sorts; that undo is refused', () => {
  const spreadsheet = workbook(PLAN);
  // Write 1: the whole table, each bin with its own status.
  agent(spreadsheet, 'writeRange', [
    "'Bin Notes'!A1:C4",
    [
      ['Bin', 'Qty', 'Status'],
      ['C-3', 5, 'blocked: no key'],
      ['A-1', 3, 'open'],
      ['B-7', 7, 'waiting on Ana'],
    ],
    '1.1',
  ]);
  // Write 2: every bin closed (one value in every row).
  const close = agent(spreadsheet, 'writeRange', ["'Bin Notes'!C2:C4", [['closed'], ['closed'], ['closed']], '1.1']);
  // The person sorts rows 2 to 4 by bin: A-1, B-7, C-3 (whole rows move; column C reads 'closed' either way).
  typeRows(spreadsheet, "'Bin Notes'!A2", [
    ['A-1', 3, 'closed'],
    ['B-7', 7, 'closed'],
    ['C-3', 5, 'closed'],
  ]);

  const error = undo(spreadsheet, close.id as string);
  const rows = [2, 3, 4].map((row) => [
    spreadsheet.cell(`'Bin Notes'!A${row}`),
    spreadsheet.cell(`'Bin Notes'!C${row}`),
  ]);
  expect({ error, rows }).toEqual({
    error: expect.stringMatching(/^CONFLICT: Not undone: the rows of 'Bin Notes'!C2:C4/),
    rows: [
      ['A-1', 'closed'],
      ['B-7', 'closed'],
      ['C-3', 'closed'],
    ],
  });
});

test('the agent wrote the keys, the person typed the statuses, the agent closed them all: a sort is seen', () => {
  const spreadsheet = workbook(PLAN);
  agent(spreadsheet, 'writeRange', [
    "'Bin Notes'!A2:B4",
    [
      ['C-3', 5],
      ['A-1', 3],
      ['B-7', 7],
    ],
    '1.1',
  ]);
  typeRows(spreadsheet, "'Bin Notes'!C2", [['blocked: no key'], ['open'], ['waiting on Ana']]);
  const close = agent(spreadsheet, 'writeRange', ["'Bin Notes'!C2:C4", [['closed'], ['closed'], ['closed']], '1.1']);
  typeRows(spreadsheet, "'Bin Notes'!A2", [
    ['A-1', 3, 'closed'],
    ['B-7', 7, 'closed'],
    ['C-3', 5, 'closed'],
  ]);

  const error = undo(spreadsheet, close.id as string);

  expect(error).toMatch(/^CONFLICT: Not undone: the rows of 'Bin Notes'!C2:C4/);
  expect(spreadsheet.cell("'Bin Notes'!C2")).toBe('closed');
});
