/**
 * Cells formatted as plain text (`@`: ID, code and ZIP columns often are) keep what they are given as text, a leading
 * apostrophe too (the emulator's assumption plain-text-keeps-apostrophe, the stricter reading where Google's pages are
 * silent). writeRange writes text elsewhere behind an apostrophe, so that Sheets never turns it into a number, date or
 * formula; in a plain-text cell it writes the text as it is, and what the cells read afterwards is what the agent sent,
 * so that the person's undo finds its write there and puts back exactly what was replaced.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { execute, executeFailingAt, openSidebar, snapshot, typeRows } from './harness';
import { agent, APPROVED, refused, workbook } from './sheet-work-fixtures';

/** The workbook (its plan allowing formulas), Summary!B3:B5 formatted as plain text, the person's codes in B3:B4. */
function withCodeColumn(): EmulatedSpreadsheet {
  const spreadsheet = workbook(APPROVED.replace('- Key sheets', '- Formulas: allowed\n- Key sheets'));
  for (const cell of ['Summary!B3', 'Summary!B4', 'Summary!B5']) spreadsheet.setNumberFormat(cell, '@');
  typeRows(spreadsheet, 'Summary!B3', [['0042'], ['A-7']]);
  return spreadsheet;
}

/** The format getNumberFormat gives a cell nobody formatted (the emulator's assumption automatic-number-format). */
const AUTOMATIC = '0.###############';

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
  for (const text of ['=SUM(C3:C5)', '- item', '+x', '-\nSUM(Warehouse!C2:C4)']) {
    const message = refused(spreadsheet, 'writeRange', ['Summary!B3:B5', [['A-1'], ['A-2'], [text]], '1.2']);
    expect(message).toBe(
      `INVALID_ARGUMENT: values[2][0] (${JSON.stringify(text)}) starts with =, + or - and is not a plain number, ` +
        'and cell B5 of Summary is formatted as plain text (@), where Sheets may read such text as a formula: it ' +
        'cannot be written there as text. Text that starts otherwise, and numbers such as -5, can. Nothing was ' +
        'written; send a formula as {"formula": "…"} where the plan allows formulas, or ask the person to format ' +
        'the cell as automatic',
    );
  }
  // The same text in an automatic cell is text, and a formula sent as one is written as a formula.
  agent(spreadsheet, 'writeRange', ['Summary!C4', [['- item']], '1.2']);
  expect(spreadsheet.cell('Summary!C4')).toBe('- item');
  agent(spreadsheet, 'writeRange', ['Summary!B5', [[{ formula: '=LEN(B3)' }]], '1.2']);
  expect(spreadsheet.formula('Summary!B5')).toBe('=LEN(B3)');
});

test('a plain-text cell holding such text is not written over: the undo could not put it back as text', () => {
  const spreadsheet = withCodeColumn();
  // Typed (as text) before the column was formatted as plain text.
  spreadsheet.setNumberFormat('Summary!B5', AUTOMATIC);
  typeRows(spreadsheet, 'Summary!B5', [["'- item"]]);
  spreadsheet.setNumberFormat('Summary!B5', '@');

  expect(refused(spreadsheet, 'writeRange', ['Summary!B4:B5', [['A-1'], ['A-2']], '1.2'])).toBe(
    'INVALID_ARGUMENT: Cell B5 of Summary is formatted as plain text (@) and holds "- item", which starts with =, + ' +
      'or -: such a cell may read it as a formula if it were put back, so a write over it could not be undone. ' +
      'Nothing was written; ask the person to format the cell as automatic, or write elsewhere',
  );
});

test('a cell formatted as plain text since the write: an undo that would put such text back writes nothing', () => {
  const spreadsheet = withCodeColumn();
  typeRows(spreadsheet, 'Summary!C3', [["'- item"]]); // text in an automatic cell
  const write = agent(spreadsheet, 'writeRange', ['Summary!C3', [['total']], '1.2']);
  spreadsheet.setNumberFormat('Summary!C3', '@'); // the person formats the column as plain text

  const undo = undoAsPerson(spreadsheet, write.id);
  expect(undo.error?.message).toBe(
    'CONFLICT: Not undone: cell C3 of Summary is formatted as plain text (@) now, where "- item", which starts with ' +
      '=, + or -, may be read as a formula; format the cell as automatic, then undo again; nothing was changed',
  );
  expect(spreadsheet.cell('Summary!C3')).toBe('total');

  spreadsheet.setNumberFormat('Summary!C3', AUTOMATIC);
  expect(undoAsPerson(spreadsheet, write.id).error).toBeUndefined();
  expect([spreadsheet.cell('Summary!C3'), spreadsheet.formula('Summary!C3')]).toEqual(['- item', '']);
});

test('a write to plain-text cells, or its undo, that fails at any service call leaves every cell as it was', () => {
  const args = ['Summary!B3:B5', [['A-100'], ['A-101'], ['A-102']], '1.2'];
  const calls = execute(withCodeColumn(), 'writeRange', args).execution.calls.length;
  for (let failAt = 1; failAt <= calls; failAt++) {
    const spreadsheet = withCodeColumn();
    const before = snapshot(spreadsheet);
    const { error } = executeFailingAt(spreadsheet, 'writeRange', args, failAt);
    if (error) expect(snapshot(spreadsheet)).toBe(before);
  }
  const written = () => {
    const spreadsheet = withCodeColumn();
    const { id } = agent(spreadsheet, 'writeRange', args);
    return { spreadsheet, id, token: openSidebar(spreadsheet) };
  };
  const { spreadsheet: clean, id: cleanId, token: cleanToken } = written();
  const undoCalls = execute(clean, 'sidebarUndoWrite', [cleanToken, cleanId], { context: 'ui' }).execution.calls.length;
  for (let failAt = 1; failAt <= undoCalls; failAt++) {
    const { spreadsheet, id, token } = written();
    const before = snapshot(spreadsheet);
    const { error } = executeFailingAt(spreadsheet, 'sidebarUndoWrite', [token, id], failAt, 'ui');
    if (error) expect(snapshot(spreadsheet)).toBe(before);
    else expect(spreadsheet.cell('Summary!B3')).toBe('0042');
  }
});
