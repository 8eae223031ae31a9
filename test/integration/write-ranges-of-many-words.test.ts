/**
 * A Write line names a sheet of more than one word in quotes ('Sales Summary'!B3:C5), as Sheets writes it. Unquoted,
 * its last word must not be read as a sheet of its own: beside a tab "Sales Summary" a spreadsheet may have a tab
 * "Summary", and the person who approved "Sales Summary" would have granted the agent the other sheet. It is not read
 * as a range at all, and a write is refused with the text named, so the plan can be fixed.
 */
import { PLAN_LOCATION } from '../../src/apps-script/plan-location';
import { MARKER, PLAN, PLAN_SHEET, openedSheet, planText } from './harness';
import { APPROVED, agent, refused, requireApproval } from './sheet-work-fixtures';

function workbookWith(writeLine: string) {
  const spreadsheet = openedSheet({ sheets: ['Warehouse', 'Sales Summary', 'Summary', 'Bin Notes', PLAN_SHEET] });
  requireApproval(spreadsheet, true);
  spreadsheet.setCellText(MARKER, PLAN_LOCATION.marker);
  spreadsheet.setCellText(PLAN, APPROVED.replace('  - Write: Summary!B3:C5 (bin, total)', writeLine));
  return spreadsheet;
}

test('"Write: Sales Summary!B3:C5" grants neither Summary nor Sales Summary, and the refusal names the text', () => {
  const spreadsheet = workbookWith('  - Write: Sales Summary!B3:C5 (bin, total)');
  const message = refused(spreadsheet, 'writeRange', ['Summary!B3', [['the wrong sheet']], '1.2'], expect.anything());
  expect(message).toMatch(/^OUT_OF_SCOPE: Summary!B3 is outside the plan's Write ranges: 'Bin Notes'!A:A \(not read/);
  // …and says how to write it, so that the agent can fix its plan (a person approves the change).
  expect(message).toContain(
    `"Sales Summary!B3:C5"; a Write line names a range as Sheets writes it: Summary!B3:C5, or ` +
      `'Sales Summary'!B3:C5 for a sheet name of more than one word)`,
  );
  expect(spreadsheet.cell('Summary!B3')).toBe('');
  refused(spreadsheet, 'writeRange', ["'Sales Summary'!B3", [['x']], '1.2'], expect.anything());
});

test("quoted, 'Sales Summary'!B3:C5 grants that sheet alone", () => {
  const spreadsheet = workbookWith("  - Write: 'Sales Summary'!B3:C5 (bin, total)");
  expect(agent(spreadsheet, 'writeRange', ["'Sales Summary'!B3", [['A-1']], '1.2'])).toMatchObject({ cells: 1 });
  expect(spreadsheet.cell("'Sales Summary'!B3")).toBe('A-1');
  refused(spreadsheet, 'writeRange', ['Summary!B3', [['x']], '1.2'], expect.anything());
  expect(planText(spreadsheet)).toContain("'Sales Summary'!B3:C5");
});
