/** SpreadsheetApp, Spreadsheet, Sheet and Range as a script sees them. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, fresh, thrownMessage } from './helpers';

describe('finding ranges', () => {
  test('a sheet-qualified A1 reaches that sheet; a bare one the active (first) sheet', () => {
    const { active, spreadsheet } = fresh({ sheets: ['Sheet1', 'AGENT_BASE'] });
    active.getRange('AGENT_BASE!C1:D2').setValues([
      ['marker', 'label'],
      ['plan', 'meta'],
    ]);
    active.getRange('B2').setValue('on the first sheet');
    expect(spreadsheet.cell('AGENT_BASE!D2')).toBe('meta');
    expect(spreadsheet.cell('Sheet1!B2')).toBe('on the first sheet');
  });

  test('a quoted sheet name may hold spaces and apostrophes', () => {
    const { active, spreadsheet } = fresh({ sheets: ['Sheet1', "Ann's plan"] });
    active.getRange("'Ann''s plan'!A1").setValue('quoted');
    expect(spreadsheet.cell("'Ann''s plan'!A1")).toBe('quoted');
  });

  test.each(['Missing!A1', 'My Sheet!A1', 'A0', 'A1:B2:C3', 'AAAA1', 'A1001', 'AA1', ''])(
    '%p is "Range not found"',
    (a1) => {
      const { active } = fresh({ sheets: ['Sheet1', 'My Sheet'] });
      expect(thrownMessage(() => active.getRange(a1))).toBe('Range not found');
    },
  );

  test('whole columns, whole rows and open-ended ranges cover the grid', () => {
    const { active } = fresh();
    expect(active.getRange('B:C').getA1Notation()).toBe('B1:C1000');
    expect(active.getRange('2:3').getA1Notation()).toBe('A2:Z3');
    expect(active.getRange('A2:B').getA1Notation()).toBe('A2:B1000');
    expect(active.getRange('$b$2:a1').getA1Notation()).toBe('A1:B2');
  });

  test('getRange(row, column, numRows, numColumns) is 1-based and checked like Apps Script', () => {
    const { active } = fresh();
    const sheet = active.getSheets()[0];
    const range = sheet.getRange(2, 3, 4, 5);
    expect([
      range.getRow(),
      range.getColumn(),
      range.getNumRows(),
      range.getNumColumns(),
      range.getA1Notation(),
    ]).toEqual([2, 3, 4, 5, 'C2:G5']);
    expect(thrownMessage(() => sheet.getRange(0, 1))).toBe('The starting row of the range is too small.');
    expect(thrownMessage(() => sheet.getRange(1, 0))).toBe('The starting column of the range is too small.');
    expect(thrownMessage(() => sheet.getRange(1, 1, 0))).toBe('The number of rows in the range must be at least 1.');
    expect(thrownMessage(() => sheet.getRange(1001, 1))).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(thrownMessage(() => sheet.getRange(1, 26, 1, 2))).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
  });
});

describe('reading', () => {
  test('getValues returns strings, numbers, booleans, Dates and "" for empty cells, in new arrays each call', () => {
    const { active } = fresh();
    const range = active.getRange('A1:D1');
    range.setValues([['text', 2, true, null]]);
    const first = range.getValues();
    first[0][0] = 'changed by the script';
    expect(range.getValues()).toEqual([['text', 2, true, '']]);
    expect(range.getValues()).not.toBe(range.getValues());
  });

  test("display values are text; dates show in the spreadsheet's time zone", () => {
    const { active } = fresh({ timeZone: 'Asia/Tokyo' });
    active.getRange('A1:C1').setValues([[1.5, true, new Date('2026-01-09T15:30:00Z')]]);
    expect(active.getRange('A1:C1').getDisplayValues()).toEqual([['1.5', 'TRUE', '1/10/2026 0:30:00']]);
  });

  test('number formats default to automatic and can be set per cell', () => {
    const { active } = fresh();
    active.getRange('A1:B1').setNumberFormats([['@', '0.00']]);
    expect(active.getRange('A1:C1').getNumberFormats()).toEqual([['@', '0.00', '0.###############']]);
  });
});

describe('clearing and formatting', () => {
  test('clearContent keeps formats; clear removes both', () => {
    const { active, spreadsheet } = fresh();
    active.getRange('A1').setNumberFormat('@').setValue('42').setVerticalAlignment('top');
    active.getRange('A1').clearContent();
    expect([spreadsheet.cell('A1'), spreadsheet.numberFormat('A1')]).toEqual(['', '@']);
    active.getRange('A1').clear();
    expect(spreadsheet.numberFormat('A1')).toBeUndefined();
  });

  test('formatting calls chain and are recorded without effect on values', () => {
    const { active } = fresh();
    const range = active.getRange('C2').setValue('plan').setVerticalAlignment('top');
    expect(range.getValue()).toBe('plan');
  });
});

describe('the sheet grid', () => {
  test('a new sheet is 1000 x 26 and empty', () => {
    const sheet = fresh().active.getSheets()[0];
    expect([sheet.getMaxRows(), sheet.getMaxColumns(), sheet.getLastRow(), sheet.getLastColumn()]).toEqual([
      1000, 26, 0, 0,
    ]);
  });

  test('getLastRow and getLastColumn follow content, not formatting', () => {
    const { active } = fresh();
    active.getRange('B3').setValue('x');
    active.getRange('E9').setVerticalAlignment('top');
    const sheet = active.getSheets()[0];
    expect([sheet.getLastRow(), sheet.getLastColumn()]).toEqual([3, 2]);
  });

  test('appendRow writes below the last row, interpreting values like setValues', () => {
    const { active, spreadsheet } = fresh();
    const sheet = active.getSheets()[0];
    sheet.appendRow(['first']);
    sheet.appendRow(['second', '=A1', "'=A1", '42']);
    expect(active.getRange('A2:D2').getValues()).toEqual([['second', '#ERROR!', '=A1', 42]]);
    expect(spreadsheet.formula('B2')).toBe('=A1');
  });

  test('appendRow on a full sheet grows it', () => {
    const { active } = fresh();
    const sheet = active.getSheets()[0];
    sheet.getRange(1000, 1).setValue('last');
    sheet.appendRow(new Array(30).fill('x'));
    expect([sheet.getMaxRows(), sheet.getMaxColumns(), sheet.getLastRow()]).toEqual([1001, 30, 1001]);
  });

  test('inserting and deleting rows moves the rows below', () => {
    const { active } = fresh();
    const sheet = active.getSheets()[0];
    sheet.getRange('A1:A3').setValues([['one'], ['two'], ['three']]);
    sheet.insertRowsBefore(2, 2);
    expect(sheet.getRange('A1:A5').getValues()).toEqual([['one'], [''], [''], ['two'], ['three']]);
    expect(sheet.getMaxRows()).toBe(1002);
    sheet.deleteRows(2, 3);
    expect(sheet.getRange('A1:A2').getValues()).toEqual([['one'], ['three']]);
    expect(sheet.getMaxRows()).toBe(999);
  });

  test('row operations outside the grid, or deleting every row, are refused', () => {
    const sheet = fresh().active.getSheets()[0];
    expect(thrownMessage(() => sheet.deleteRows(999, 5))).toBe('Those rows are out of bounds.');
    expect(thrownMessage(() => sheet.insertRowBefore(1001))).toBe('Those rows are out of bounds.');
    expect(thrownMessage(() => sheet.deleteRows(1, 1000))).toBe(
      'Sorry, it is not possible to delete all non-frozen rows.',
    );
  });

  test('a range made before rows were deleted cannot write past the new edge', () => {
    const sheet = fresh().active.getSheets()[0];
    const bottom = sheet.getRange('A1000');
    sheet.deleteRow(1);
    expect(thrownMessage(() => bottom.setValue('x'))).toBe(
      'The coordinates of the range are outside the dimensions of the sheet.',
    );
  });
});

describe('sheets of a spreadsheet', () => {
  test('getSheetByName is null for a missing sheet', () => {
    expect(fresh().active.getSheetByName('AGENT_BASE')).toBeNull();
  });

  test('insertSheet adds a sheet, makes it active and refuses a name in use (any case)', () => {
    const { active, spreadsheet } = fresh();
    const sheet = active.insertSheet('AGENT_BASE');
    expect(spreadsheet.sheetNames()).toEqual(['Sheet1', 'AGENT_BASE']);
    expect(active.getRange('A1').getSheet().getName()).toBe('AGENT_BASE');
    expect(sheet.getSheetId()).not.toBe(active.getSheets()[0].getSheetId());
    expect(thrownMessage(() => active.insertSheet('agent_base'))).toBe(
      'A sheet with the name "agent_base" already exists. Please enter another name.',
    );
  });

  test('insertSheet at an index, and with no name', () => {
    const { active, spreadsheet } = fresh({ sheets: ['A', 'B'] });
    active.insertSheet('First', 0);
    active.insertSheet();
    expect(spreadsheet.sheetNames()).toEqual(['First', 'A', 'B', 'Sheet4']);
  });

  test('hiding and showing sheets; the last visible sheet stays', () => {
    const { active, spreadsheet } = fresh({ sheets: ['Sheet1', 'AGENT_HISTORY'] });
    const history = active.getSheetByName('AGENT_HISTORY')!;
    history.hideSheet();
    expect([spreadsheet.isHidden('AGENT_HISTORY'), history.isSheetHidden()]).toEqual([true, true]);
    expect(thrownMessage(() => active.getSheetByName('Sheet1')!.hideSheet())).toBe(
      'Sorry, it is not possible to hide all the sheets in a document.',
    );
    history.showSheet();
    expect(history.isSheetHidden()).toBe(false);
  });

  test('id, name, url and time zone', () => {
    const { active } = fresh({ id: 'abc123', name: 'Inventory', timeZone: 'Europe/Paris' });
    expect([active.getId(), active.getName(), active.getUrl(), active.getSpreadsheetTimeZone()]).toEqual([
      'abc123',
      'Inventory',
      'https://docs.google.com/spreadsheets/d/abc123/edit',
      'Europe/Paris',
    ]);
  });
});

describe('SpreadsheetApp', () => {
  test('a script that is not container-bound has no active spreadsheet', () => {
    const { SpreadsheetApp } = executionOn(new EmulatedSpreadsheet(), { containerBound: false });
    expect(SpreadsheetApp.getActiveSpreadsheet()).toBeNull();
  });

  test('objects print their class name, as Apps Script objects do', () => {
    const { active } = fresh();
    expect([String(active), String(active.getRange('A1'))]).toEqual(['Spreadsheet', 'Range']);
  });
});

describe('the 10 million cell limit', () => {
  const LIMIT = 'This action would increase the number of cells in the workbook above the limit of 10000000 cells.';

  test('inserting rows past it is refused and the grid stays as it was', () => {
    const { active, spreadsheet } = fresh();
    const sheet = active.getSheets()[0];
    sheet.insertRowsAfter(1000, 383_000); // 384,000 rows × 26 columns: 9,984,000 cells
    expect(spreadsheet.gridCells()).toBe(9_984_000);
    expect(thrownMessage(() => sheet.insertRowsAfter(1, 1000))).toBe(LIMIT);
    expect(sheet.getMaxRows()).toBe(384_000);
    sheet.insertRowsAfter(1, 615); // 15,990 more cells: 9,999,990
    expect(spreadsheet.gridCells()).toBe(9_999_990);
  });

  test('a new sheet (26,000 cells) or a row appended past the grid counts too', () => {
    const { active } = fresh();
    const sheet = active.getSheets()[0];
    sheet.insertRowsAfter(1000, 383_615); // 384,615 rows × 26 columns: 9,999,990 cells
    expect(thrownMessage(() => active.insertSheet('More'))).toBe(LIMIT);
    expect(active.getSheets()).toHaveLength(1);
    sheet.getRange(384_615, 1).setValue('last');
    expect(thrownMessage(() => sheet.appendRow(['x']))).toBe(LIMIT);
    expect([sheet.getLastRow(), sheet.getMaxRows()]).toEqual([384_615, 384_615]);
  });
});

test('getSheetByName takes the closest spelling: the name, then it in lower case, then a looser fold', () => {
  // Sheets itself may refuse to hold both Straße and STRASSE; where both are here, strasse finds the one it lowers to.
  const { active } = fresh({ sheets: ['Straße', 'STRASSE', 'AGENT_HISTORY'] });
  const found = (name: string) => active.getSheetByName(name)?.getName() ?? null;
  expect(['strasse', 'straße', 'STRASSE', 'agent_hıstory', 'AGENT_HİSTORY', 'Nowhere'].map(found)).toEqual([
    'STRASSE',
    'Straße',
    'STRASSE',
    'AGENT_HISTORY',
    'AGENT_HISTORY',
    null,
  ]);
});
