/**
 * Ordinary work the check for rows that moved lets through (each undone newest first, as the sidebar lists them), a
 * write and an undo that are all or nothing under a fault at every service call, and the log's listings.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { execute, executeFailingAt, openSidebar, snapshot, typeRows } from './harness';
import { agent, binTable, planWriting, undoAsPerson } from './sheet-work-fixtures';

const PLAN_WIDE = planWriting("'Bin Notes'!A:Z (anything)", true);

const sheet = () => binTable(PLAN_WIDE);

const undo = (spreadsheet: EmulatedSpreadsheet, id: string) => undoAsPerson(spreadsheet, id).error?.message;
const w = (spreadsheet: EmulatedSpreadsheet, a1: string, values: unknown[][]) =>
  agent(spreadsheet, 'writeRange', [`'Bin Notes'!${a1}`, values, '1.1']).id as string;

test('formula total column to the right, then undo the value write', () => {
  const s = sheet();
  const a = w(s, 'B2:B4', [[4], [6], [8]]);
  const b = w(s, 'E2:E4', [[{ formula: '=B2*C2' }], [{ formula: '=B3*C3' }], [{ formula: '=B4*C4' }]]);
  expect(undo(s, b)).toBeUndefined();
  expect(undo(s, a)).toBeUndefined();
});

test('adjacent writes, undo later then earlier', () => {
  const s = sheet();
  const a = w(s, 'B2:B4', [[4], [6], [8]]);
  const b = w(s, 'C2:C4', [[1], [2], [3]]);
  expect(undo(s, b)).toBeUndefined();
  expect(undo(s, a)).toBeUndefined();
});

test('write including the header row, and dates', () => {
  const s = sheet();
  const a = w(s, 'F1:F4', [['Counted'], [{ date: '2026-01-10T00:00:00Z' }], [{ date: '2026-01-11T00:00:00Z' }], ['']]);
  const b = w(s, 'G1:G4', [['By'], ['x'], ['y'], ['z']]);
  expect(undo(s, b)).toBeUndefined();
  expect(undo(s, a)).toBeUndefined();
});

test('write into empty new columns to the right, rows partly beyond the last row', () => {
  const s = sheet();
  const a = w(s, 'F3:F8', [['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
  const b = w(s, 'G3:G8', [['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
  expect(undo(s, b)).toBeUndefined();
  expect(undo(s, a)).toBeUndefined();
});

test('date values beside, restored by an undo of a later write', () => {
  const s = sheet();
  typeRows(s, "'Bin Notes'!F1", [['Counted'], ['2026-01-10'], ['2026-01-11'], ['2026-01-12']]);
  const a = w(s, 'B2:B4', [[4], [6], [8]]);
  const b = w(s, 'F2:F4', [[{ date: '2026-02-10T00:00:00Z' }], [''], ['']]);
  expect(undo(s, b)).toBeUndefined();
  expect(undo(s, a)).toBeUndefined();
});

test('fault at every call of a write and of an undo with a standing later write: all or nothing', () => {
  const setup = () => {
    const s = sheet();
    const first = w(s, 'B2:B4', [[4], [6], [8]]);
    return { s, first };
  };
  const args = ["'Bin Notes'!C2:C4", [[1], [2], [3]], '1.1'];
  const { s: clean } = setup();
  const calls = execute(clean, 'writeRange', args).execution.calls.length;
  for (let failAt = 1; failAt <= calls; failAt++) {
    const { s } = setup();
    const before = snapshot(s);
    const { error } = executeFailingAt(s, 'writeRange', args, failAt);
    if (error) expect(snapshot(s)).toBe(before);
  }
  const prepared = () => {
    const { s, first } = setup();
    w(s, 'C2:C4', [[1], [2], [3]]);
    return { s, first, token: openSidebar(s) };
  };
  const p = prepared();
  const undoCalls = execute(p.s, 'sidebarUndoWrite', [p.token, p.first], { context: 'ui' }).execution.calls.length;
  let succeeded = 0;
  for (let failAt = 1; failAt <= undoCalls; failAt++) {
    const { s, first, token } = prepared();
    const before = snapshot(s);
    const { error } = executeFailingAt(s, 'sidebarUndoWrite', [token, first], failAt, 'ui');
    if (error) expect(snapshot(s)).toBe(before);
    else {
      succeeded++;
      expect(s.cell("'Bin Notes'!B2")).toBe(3);
    }
  }
  expect({ calls, undoCalls }).toEqual({ calls: 22, undoCalls: 34 });
  expect(succeeded).toBeGreaterThan(0);
});

test('sidebar lists the writes with the new records, and getWriteLog too', () => {
  const s = sheet();
  w(s, 'B2:B4', [[4], [6], [8]]);
  w(s, 'C2:C4', [[1], [2], [3]]);
  const token = openSidebar(s);
  const view = execute(s, 'sidebarLoad', [token], { context: 'ui' });
  expect(view.error).toBeUndefined();
  const log = agent(s, 'getWriteLog', [10]);
  expect(log).toHaveLength(2);
});

test('a formula column referencing the written cells (values change, formula text does not)', () => {
  const s = sheet();
  [2, 3, 4].forEach((r) => s.setFormulaResult(`'Bin Notes'!F${r}`, `=B${r}*C${r}`, 1));
  const a = w(s, 'B2:B4', [[4], [6], [8]]);
  [2, 3, 4].forEach((r) => s.setFormulaResult(`'Bin Notes'!F${r}`, `=B${r}*C${r}`, 99)); // recalculated
  expect(undo(s, a)).toBeUndefined();
});

test('plain-text cells beside the write and in it', () => {
  const s = sheet();
  s.setNumberFormat("'Bin Notes'!A2", '@');
  const a = w(s, 'B2:B4', [['0042'], ['x'], ['y']]);
  expect(undo(s, a)).toBeUndefined();
  expect(s.cell("'Bin Notes'!B2")).toBe(3);
});

test('an insertion above is still refused', () => {
  const s = sheet();
  const a = w(s, 'E2:E4', [['ok'], ['ok'], ['ok']]);
  s.sheetNamed('Bin Notes')!.insertRows(2, 1);
  expect(undo(s, a)).toMatch(/^CONFLICT/);
});
