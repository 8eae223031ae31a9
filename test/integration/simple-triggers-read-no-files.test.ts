/**
 * onOpen and onEdit are simple triggers, whose authorization is limited: they never read a project file
 * (src/apps-script/rare-texts.ts reads RareTexts.html only for an agent's or a sidebar's call). Here they run with no
 * project file at all, while an agent holds a task, over edits of many kinds: a Working line typed or changed, a phase
 * heading removed, a task added above another, a task ticked done, the cell cleared. (A person's edit never reaches
 * the claim rules, whose refusals are rare texts; this guards the edit path as a whole.)
 */
import { editCellAsPerson, runSimpleTrigger } from '../../src/node/emulator';
import { DIST, PLAN, planText } from './harness';
import { APPROVED, requireApproval, workbook } from './sheet-work-fixtures';
import { at, connectAgent, deployed, tool } from './web-agents';

test('a person editing the plan cell while agents hold tasks, then opening the sheet: no project file is read', () => {
  const spreadsheet = workbook(
    APPROVED.replace('- [/] 1.2 Write the totals to Summary!B3:C5', '- [ ] 1.2 Write the totals'),
  );
  requireApproval(spreadsheet, false);
  const { token } = deployed(spreadsheet);
  const alpha = connectAgent(spreadsheet, token, 'Alpha');
  tool(spreadsheet, alpha, 'start_task', { step: '1.2' }, at(0));
  tool(spreadsheet, alpha, 'write_range', { a1: 'Summary!B3', values: [['x']], step: '1.2' }, at(0));
  const typed = planText(spreadsheet);
  const edits = [
    typed.replace(/Working: Alpha until .*/, 'Working: Mallory until 2999-01-01 00:00'),
    typed.replace('- [ ] 1.3 Note each bin', '- [/] 1.3 Note each bin\n  - Working: Beta until 14:20'),
    typed.replace('### Phase 1: Work\n', ''),
    typed.replace('- [ ] 1.3 Note each bin', '- [ ] 1.3 Something new\n- [ ] 1.4 Note each bin'),
    typed.replace('- [/] 1.2', '- [x] 1.2'),
    '',
  ];
  for (const text of edits) {
    const outcome = editCellAsPerson(spreadsheet, DIST, PLAN, text, { now: at(1), projectFiles: {} });
    expect('error' in outcome ? outcome.error.message : '').toBe('');
    expect(outcome.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(0);
    expect(planText(spreadsheet)).toBe(text);
  }
  const opened = runSimpleTrigger(spreadsheet, DIST, 'onOpen', { now: at(2), projectFiles: {} });
  expect('error' in opened ? opened.error.message : '').toBe('');
  expect(opened.execution.countCalls('HtmlService.createHtmlOutputFromFile')).toBe(0);
});
