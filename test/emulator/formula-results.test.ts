/**
 * A formula cell with the result Sheets would compute (the emulator evaluates no formula): a test makes a cell that
 * shows `#REF!`, read as Apps Script reads it (assumption formula-error-values).
 */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { fresh } from './helpers';

test('a formula given an error result reads as that error through getValues and getDisplayValues', () => {
  const { active, spreadsheet } = fresh({ sheets: ['Summary'] });
  active.getRange('Summary!B3').setValue(10);
  spreadsheet.setFormulaResult('Summary!B4', '=B3/0', '#DIV/0!');
  spreadsheet.setFormulaResult('Summary!B5', '=B3*2', 20);
  const range = active.getRange('Summary!B3:B6');
  expect(range.getValues()).toEqual([[10], ['#DIV/0!'], [20], ['']]);
  expect(range.getDisplayValues()).toEqual([['10'], ['#DIV/0!'], ['20'], ['']]);
  expect(range.getFormulas()).toEqual([[''], ['=B3/0'], ['=B3*2'], ['']]);
});

test('a formula without a result reads #ERROR!, and a write over the cell drops the result', () => {
  const { active, spreadsheet } = fresh({ sheets: ['Summary'] });
  spreadsheet.setFormulaResult('Summary!A1', '=NA()', '#N/A');
  active.getRange('Summary!A1').setFormula('=SUM(B:B)');
  expect(spreadsheet.cell('Summary!A1')).toBe('#ERROR!');
  spreadsheet.setFormulaResult('Summary!A2', '=NA()', '#N/A');
  active.getRange('Summary!A2').setValue('fixed');
  expect(spreadsheet.cell('Summary!A2')).toBe('fixed');
  expect(() => spreadsheet.setFormulaResult('Summary!A3', 'NA()', '#N/A')).toThrow('A formula starts with "="');
});

test('the result survives the JSON file the local server keeps', () => {
  const { spreadsheet } = fresh({ sheets: ['Summary'] });
  spreadsheet.setFormulaResult('Summary!C7', '=VLOOKUP(A7,Rates!A:B,2,FALSE)', '#N/A');
  const reloaded = EmulatedSpreadsheet.fromJSON(JSON.parse(JSON.stringify(spreadsheet.toJSON())));
  expect(reloaded.cell('Summary!C7')).toBe('#N/A');
  expect(reloaded.formula('Summary!C7')).toBe('=VLOOKUP(A7,Rates!A:B,2,FALSE)');
});
