/** The spreadsheet model round-trips through JSON, for the local server's file. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn } from './helpers';

function populated(): EmulatedSpreadsheet {
  const spreadsheet = new EmulatedSpreadsheet({
    id: 'sheet-id',
    name: 'Inventory',
    timeZone: 'Europe/Paris',
    sheets: ['Sheet1', 'AGENT_BASE'],
  });
  const { SpreadsheetApp, PropertiesService, CacheService } = executionOn(spreadsheet, {
    user: 'ana@example.com',
    now: () => new Date('2026-01-10T12:00:00Z'),
  });
  const active = SpreadsheetApp.getActive()!;
  active.getRange('AGENT_BASE!C2:F2').setValues([["'# Plan", 42, new Date('2026-01-10T08:00:00Z'), '=A1']]);
  active.getRange('AGENT_BASE!C3').setNumberFormat('@').setVerticalAlignment('top');
  active.getSheetByName('AGENT_BASE')!.setColumnWidth(3, 520);
  active.getSheetByName('AGENT_BASE')!.hideColumns(4);
  active.insertSheet('AGENT_HISTORY').hideSheet();
  PropertiesService.getDocumentProperties()!.setProperty('revision', '7');
  CacheService.getUserCache().put('plan', 'cached', 60);
  spreadsheet.locks.holdDocumentLock();
  return spreadsheet;
}

test('toJSON/fromJSON keeps sheets, cells, formats, hidden flags, properties, caches and held locks', () => {
  const original = populated();
  const restored = EmulatedSpreadsheet.fromJSON(JSON.parse(JSON.stringify(original.toJSON())));
  expect(restored.toJSON()).toEqual(original.toJSON());
  expect(restored.sheetNames()).toEqual(['Sheet1', 'AGENT_BASE', 'AGENT_HISTORY']);
  expect(restored.isHidden('AGENT_HISTORY')).toBe(true);
  expect(restored.sheetNamed('AGENT_BASE')!.hiddenColumns).toEqual(new Set([4]));
  expect(restored.cell('AGENT_BASE!C2')).toBe('# Plan');
  expect(restored.cell('AGENT_BASE!D2')).toBe(42);
  expect((restored.cell('AGENT_BASE!E2') as Date).toISOString()).toBe('2026-01-10T08:00:00.000Z');
  expect(restored.formula('AGENT_BASE!F2')).toBe('=A1');
  expect(restored.numberFormat('AGENT_BASE!C3')).toBe('@');
  expect([restored.id, restored.name, restored.timeZone]).toEqual(['sheet-id', 'Inventory', 'Europe/Paris']);
  expect(restored.locks.isHeld('document')).toBe(true);

  const { PropertiesService, CacheService } = executionOn(restored, {
    user: 'ana@example.com',
    now: () => new Date('2026-01-10T12:00:30Z'),
  });
  expect(PropertiesService.getDocumentProperties()!.getProperty('revision')).toBe('7');
  expect(CacheService.getUserCache().get('plan')).toBe('cached');
});

test('a restored spreadsheet keeps numbering new sheets after the old ones', () => {
  const original = populated();
  const restored = EmulatedSpreadsheet.fromJSON(original.toJSON());
  const ids = restored.sheets.map((sheet) => sheet.sheetId);
  expect(ids).toEqual(original.sheets.map((sheet) => sheet.sheetId));
  expect(ids).not.toContain(restored.addSheet('New').sheetId);
});

test('reading changes nothing in the saved form', () => {
  const spreadsheet = populated();
  const before = JSON.stringify(spreadsheet.toJSON());
  const { SpreadsheetApp, CacheService } = executionOn(spreadsheet, { user: 'ben@example.com' });
  SpreadsheetApp.getActive()!.getRange('AGENT_BASE!A1:Z100').getValues();
  CacheService.getUserCache().get('nothing');
  expect(JSON.stringify(spreadsheet.toJSON())).toBe(before);
});

test('a file that is not an emulated spreadsheet is refused', () => {
  expect(() => EmulatedSpreadsheet.fromJSON({ sheets: [] })).toThrow(/Not an emulated spreadsheet/);
});

test('test helpers read a missing sheet as empty but refuse to write to it', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  expect([spreadsheet.cell('AGENT_BASE!C2'), spreadsheet.formula('AGENT_BASE!C2')]).toEqual(['', '']);
  expect(() => spreadsheet.setCellText('AGENT_BASE!C2', 'x')).toThrow('No sheet named "AGENT_BASE" (sheets: Sheet1)');
});

test('setCellText stores text exactly as a person typed it, never interpreted', () => {
  const spreadsheet = new EmulatedSpreadsheet();
  spreadsheet.setCellText('A1', '=SUM(B:B)');
  expect([spreadsheet.cell('A1'), spreadsheet.formula('A1')]).toEqual(['=SUM(B:B)', '']);
});
