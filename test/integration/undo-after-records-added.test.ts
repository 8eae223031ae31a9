/**
 * Rows that were empty beside a write belong to no record: an agent fills a formula column down past the data for the
 * rows to come (E2:E20), the person then types the next records into rows 5 and 6, and the fill still undoes (it puts
 * back what those cells held, empty cells).
 */
import { typeRows } from './harness';
import { agent, planWriting, undoAsPerson, workbook } from './sheet-work-fixtures';

const PLAN = planWriting("'Bin Notes'!E:E (value)", true);

test('records typed into rows the agent pre-filled with formulas leave the pre-fill undoable', () => {
  const spreadsheet = workbook(PLAN);
  typeRows(spreadsheet, "'Bin Notes'!A1", [
    ['Bin', 'Qty', 'Price', 'Note'],
    ['A-1', '3', '10', 'fragile'],
    ['C-3', '5', '20', ''],
    ['B-7', '7', '30', 'Ana'],
  ]);
  const formulas = Array.from({ length: 19 }, (_, i) => [{ formula: `=IF(A${i + 2}="","",B${i + 2}*C${i + 2})` }]);
  const fill = agent(spreadsheet, 'writeRange', ["'Bin Notes'!E2:E20", formulas, '1.1']);
  // The person adds the next two bins below the data, in rows the write covered; nothing moves.
  typeRows(spreadsheet, "'Bin Notes'!A5", [
    ['D-2', '1', '40', ''],
    ['E-5', '2', '50', ''],
  ]);

  const { error } = undoAsPerson(spreadsheet, fill.id);

  expect(error?.message).toBeUndefined();
  expect(spreadsheet.formula("'Bin Notes'!E2")).toBe('');
});
