/**
 * The write log's bound on reads outside the plan (src/apps-script/write-log-bounds.ts rowsBeyondBounds): it keeps
 * READ_LOG_LIMIT reads, and a sheet's newest read goes last, so that reads of other sheets cannot push a read of a
 * sheet out unless they are reads of READ_LOG_LIMIT other sheets, each then in the log itself. Through the built
 * bundle, as the person's sidebar lists the log.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { READ_LOG_LIMIT } from '../../src/apps-script/write-log-bounds';
import { callAsPerson, execute, openSidebar, typeRows } from './harness';
import { stockPlan, stockWorkbook } from './check-fixtures';

function read(spreadsheet: EmulatedSpreadsheet, range: string): void {
  const { error } = execute(spreadsheet, 'readRange', [range]);
  if (error) throw error;
}

/** The ranges of the reads the sidebar lists, newest first. */
function readsListed(spreadsheet: EmulatedSpreadsheet): string[] {
  const rows: Array<{ kind: string; range: string }> = callAsPerson(
    spreadsheet,
    openSidebar(spreadsheet),
    'sidebarLoad',
  ).writes;
  return rows.filter((row) => row.kind === 'read').map((row) => row.range);
}

function salariesWorkbook(): EmulatedSpreadsheet {
  const spreadsheet = stockWorkbook(stockPlan(['- [/] 1.1 Count the stock']));
  typeRows(spreadsheet, 'Salaries!A1', [
    ['Name', 'Salary'],
    ['Ann', '100000'],
  ]);
  return spreadsheet;
}

test(`a sheet's read stays after ${READ_LOG_LIMIT * 2} reads of another sheet, and the reads stay bounded`, () => {
  const spreadsheet = salariesWorkbook();
  read(spreadsheet, 'Salaries!A1:B2');
  for (let row = 1; row <= READ_LOG_LIMIT * 2; row++) read(spreadsheet, `Summary!Z${row}`);
  const reads = readsListed(spreadsheet);
  expect(reads).toHaveLength(READ_LOG_LIMIT);
  expect(reads[0]).toBe(`Summary!Z${READ_LOG_LIMIT * 2}`);
  expect(reads[READ_LOG_LIMIT - 1]).toBe('Salaries!A1:B2');
});

test('a newer read of the same sheet, in any case, lets the older one go once the bound is reached', () => {
  const spreadsheet = salariesWorkbook();
  read(spreadsheet, 'Salaries!A1:B2');
  read(spreadsheet, 'salaries!B2');
  for (let row = 1; row <= READ_LOG_LIMIT; row++) read(spreadsheet, `Summary!Z${row}`);
  const salaries = readsListed(spreadsheet).filter((range) => /^salaries!/i.test(range));
  expect(salaries).toHaveLength(1);
  expect(salaries[0]).toMatch(/!B2$/);
});

test(`reads of more than ${READ_LOG_LIMIT} sheets keep ${READ_LOG_LIMIT}: the oldest sheets' go`, () => {
  const spreadsheet = salariesWorkbook();
  const names = Array.from({ length: READ_LOG_LIMIT + 1 }, (_, index) => `S${index}`);
  for (const name of names) typeRows(spreadsheet, `${name}!A1`, [['x']]);
  for (const name of names) read(spreadsheet, `${name}!A1`);
  const reads = readsListed(spreadsheet);
  expect(reads).toHaveLength(READ_LOG_LIMIT);
  // Sheets quotes these names: S1 reads as a cell.
  expect(reads).not.toContain("'S0'!A1");
  expect(reads).toContain("'S1'!A1");
});
