/** Range.activate(): in a person's window it is their selection; in scripts.run there is no window. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn } from './helpers';

const spreadsheet = () => new EmulatedSpreadsheet({ sheets: ['AGENT_BASE', 'Warehouse', 'My Sheet'] });

test('activating a range from a sidebar selects it in the person’s window, on its sheet', () => {
  const document = spreadsheet();
  const { SpreadsheetApp } = executionOn(document, { context: 'ui' });
  const active = SpreadsheetApp.getActiveSpreadsheet()!;
  active.getRange('Warehouse!A2:F500').activate();
  expect(document.selection('owner@example.com')).toEqual({ sheetName: 'Warehouse', a1: 'A2:F500' });
  // A bare A1 now means the activated range's sheet, as the window shows it.
  expect(active.getRange('A2').getSheet().getName()).toBe('Warehouse');

  active.getSheetByName('My Sheet')!.getRange('A:A').activate();
  expect(document.selection('owner@example.com')).toEqual({ sheetName: 'My Sheet', a1: 'A1:A1000' });
  // Another person has their own window and selection.
  expect(document.selection('ben@example.com')).toBeUndefined();
});

test('activating a range through scripts.run changes no one’s selection', () => {
  const document = spreadsheet();
  const active = executionOn(document, { context: 'api' }).SpreadsheetApp.openById(document.id);
  active.getRange('Warehouse!B2').activate();
  expect(document.selection('owner@example.com')).toBeUndefined();
});
