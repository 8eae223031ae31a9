/**
 * Cells formatted as plain text (`@`: ID, code and ZIP columns often are) keep what they are given as text, a leading
 * apostrophe too (the emulator's assumption plain-text-keeps-apostrophe, the stricter reading where Google's pages are
 * silent). writeRange writes text elsewhere behind an apostrophe, so that Sheets never turns it into a number, date or
 * formula; in a plain-text cell it writes the text as it is, and what the cells read afterwards is what the agent sent,
 * so that the person's undo finds its write there and puts back exactly what was replaced.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { execute, openSidebar, typeRows } from './harness';
import { agent, APPROVED, refused, workbook } from './sheet-work-fixtures';

/** The workbook (its plan allowing formulas), Summary!B3:B5 formatted as plain text, the person's codes in B3:B4. */
function withCodeColumn(): EmulatedSpreadsheet {
  const spreadsheet = workbook(APPROVED.replace('- Key sheets', '- Formulas: allowed\n- Key sheets'));
  for (const cell of ['Summary!B3', 'Summary!B4', 'Summary!B5']) spreadsheet.setNumberFormat(cell, '@');
  typeRows(spreadsheet, 'Summary!B3', [['0042'], ['A-7']]);
  return spreadsheet;
}

function undoAsPerson(spreadsheet: EmulatedSpreadsheet, id: string) {
  return execute(spreadsheet, 'sidebarUndoWrite', [openSidebar(spreadsheet), id], { context: 'ui' });
}

test('text written to plain-text cells reads back as sent, with no apostrophe; numbers stay numbers', () => {
  const spreadsheet = withCodeColumn();
  expect(spreadsheet.cell('Summary!B3')).toBe('0042'); // the person's code, kept as text by the format

  agent(spreadsheet, 'writeRange', [
    'Summary!B3:C5',
    [
      ['A-100', 15],
      ["'quoted", 3],
      ['00123', '-5'],
    ],
    '1.2',
  ]);

  expect(agent(spreadsheet, 'readRange', ['Summary!B3:C5']).values).toEqual([
    ['A-100', 15],
    ["'quoted", 3],
    ['00123', '-5'],
  ]);
  // An automatic cell beside them still gets text as text: `-5` is not the number -5.
  expect(spreadsheet.numberFormat('Summary!C5')).toBeUndefined();
});

test("the person's undo of a write to plain-text cells puts back exactly what they held", () => {
  const spreadsheet = withCodeColumn();
  const write = agent(spreadsheet, 'writeRange', ['Summary!B3:B5', [['A-100'], ['A-101'], ['A-102']], '1.2']);

  const undo = undoAsPerson(spreadsheet, write.id);

  expect(undo.error).toBeUndefined();
  expect([spreadsheet.cell('Summary!B3'), spreadsheet.cell('Summary!B4'), spreadsheet.cell('Summary!B5')]).toEqual([
    '0042',
    'A-7',
    '',
  ]);
});

test('text a plain-text cell would read as a formula is refused there, naming the cell, and nothing is written', () => {
  const spreadsheet = withCodeColumn();
  for (const text of ['=SUM(C3:C5)', '- item', '+x']) {
    const message = refused(spreadsheet, 'writeRange', ['Summary!B4', [[text]], '1.2']);
    expect(message).toBe(
      'INVALID_ARGUMENT: Cell B4 of Summary is formatted as plain text (@), where Sheets may still read text ' +
        'starting with ' +
        '=, + or - as a formula, and keeps a leading apostrophe as typed: the text for it cannot be written there ' +
        'as text. Nothing was written; send a formula as {"formula": "…"}, or ask the person to format the cell as ' +
        'automatic',
    );
  }
  // The same text in an automatic cell is text, and a formula sent as one is written as a formula.
  agent(spreadsheet, 'writeRange', ['Summary!C4', [['- item']], '1.2']);
  expect(spreadsheet.cell('Summary!C4')).toBe('- item');
  agent(spreadsheet, 'writeRange', ['Summary!B5', [[{ formula: '=LEN(B3)' }]], '1.2']);
  expect(spreadsheet.formula('Summary!B5')).toBe('=LEN(B3)');
});
