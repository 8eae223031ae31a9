/**
 * A cell keeps whole characters only (the emulator's assumption lone-surrogates-replaced: half of one, a UTF-16
 * surrogate without its pair, is stored as U+FFFD). So no argument may hold half of a character, and the write log
 * never splits one between two cells of an undo record: either would leave a cell, or a record, other than what was
 * checked, and a write the person could never undo.
 */
import { execute, openSidebar, planText } from './harness';
import { agent, refused, workbook } from './sheet-work-fixtures';

const HALF_OF_AN_EMOJI = '\uD83D';

test("an emoji where the write log's undo record is split between two cells: the person's undo still works", () => {
  const spreadsheet = workbook();
  // The record's JSON ([["aaa…😀"]]) is cut every 45,000 characters: here between the emoji's two halves.
  const text = `${'a'.repeat(44_996)}😀`;
  const write = agent(spreadsheet, 'writeRange', ['Summary!B3', [[text]], '1.2']);
  expect(spreadsheet.cell('Summary!B3')).toBe(text);

  const undo = execute(spreadsheet, 'sidebarUndoWrite', [openSidebar(spreadsheet), write.id], { context: 'ui' });

  expect(undo.error).toBeUndefined();
  expect(spreadsheet.cell('Summary!B3')).toBe('');
});

test('half of a character in a value, a title or a whole plan is refused by name, and nothing is written', () => {
  const spreadsheet = workbook();
  expect(refused(spreadsheet, 'writeRange', ['Summary!B3:C3', [['ok', `x${HALF_OF_AN_EMOJI}`]], '1.2'])).toBe(
    'INVALID_ARGUMENT: values[0][1] holds half of a character (a UTF-16 surrogate, U+D800 to U+DFFF, without its ' +
      'pair), which a cell does not keep as sent; send whole characters',
  );
  expect(refused(spreadsheet, 'addTask', [1, `Check the totals ${HALF_OF_AN_EMOJI}`])).toMatch(
    /^INVALID_ARGUMENT: title holds half of a character/,
  );
  const plan = planText(spreadsheet);
  expect(refused(spreadsheet, 'replacePlan', [`${plan}\n${HALF_OF_AN_EMOJI}`])).toMatch(/holds half of a character/);
  // Inside a formula cell too, the message says so (not only that the cell is of no known shape).
  expect(refused(spreadsheet, 'writeRange', ['Summary!B3', [[{ formula: `="a${HALF_OF_AN_EMOJI}"` }]], '1.2'])).toMatch(
    /^INVALID_ARGUMENT: values\[0\]\[0\]\.formula holds half of a character/,
  );
  // Whole emoji are welcome everywhere.
  agent(spreadsheet, 'writeRange', ['Summary!B3', [['done 😀']], '1.2']);
  expect(spreadsheet.cell('Summary!B3')).toBe('done 😀');
});
