/** The sidebar shows the Analysis without labels that hold nothing (createPlan's `- Spreadsheet:` and friends). */
import { withoutEmptyFields } from '../../sidebar/src/empty-fields';

test('a label with nothing after it and nothing nested under it is not shown', () => {
  expect(withoutEmptyFields('- Spreadsheet:\n- Key sheets: Orders\n- Current state:')).toBe('- Key sheets: Orders');
});

test('a label with items nested under it is kept, and so is a label with a value', () => {
  const text = '- Target ranges:\n  - Read: Orders!A1:B2\n- Spreadsheet: Q1';
  expect(withoutEmptyFields(text)).toBe(text);
});

test('a label whose next item is not nested under it is dropped; prose with a colon stays', () => {
  expect(withoutEmptyFields('- Target ranges:\n- Current state: ready\nNext steps:')).toBe(
    '- Current state: ready\nNext steps:',
  );
});
