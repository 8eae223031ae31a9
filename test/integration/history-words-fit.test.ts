/**
 * The history keeps, per version, the words a person wrote in it (as JSON, in one cell), so that the last version
 * holding one is never trimmed. JSON writes a control character in six characters: an agent's questions full of them,
 * once a person answered, made that cell too long for Sheets, and every change after failed (a person's typing
 * included, whose version was then lost). An adversarial review found it; the cell now falls back to digests.
 */
import { call, execute, callAsPerson, openSidebar, planText, sheetWithSavedPlan, PLAN, personEdits } from './harness';

const CONTROL_HEAVY = (n: number) => `Question ${n} ${'\u0001'.repeat(1980)}?`;

test("answered questions full of control characters stop no change, and lose none of the person's typing", () => {
  const spreadsheet = sheetWithSavedPlan('# Plan: Start\n\nGoal: Begin\n\n### Phase 1: Work\n- [ ] 1.1 Begin\n');
  // createPlan refuses control characters in a line; a whole document written by the agent may hold them.
  const questions = [1, 2, 3, 4, 5].map((n) => `- ${CONTROL_HEAVY(n)}`);
  const document = ['# Plan: Totals', '', 'Goal: Total', '', '## Questions for User', '', ...questions, ''];
  document.push('### Phase 1: Work', '- [ ] 1.1 Sum', '');
  const created = execute(spreadsheet, 'replacePlan', [document.join('\n'), call(spreadsheet, 'getPlan').revision]);
  expect(created.error).toBeUndefined();
  const token = openSidebar(spreadsheet);
  for (let question = 1; question <= 5; question++)
    callAsPerson(spreadsheet, token, 'sidebarAnswerQuestion', question, 'yes');

  // The agent's next change, which keeps the answered plan in the history, goes through.
  const rewritten = planText(spreadsheet).replace('- [ ] 1.1 Sum', '- [ ] 1.1 Sum it');
  call(spreadsheet, 'replacePlan', rewritten, call(spreadsheet, 'getPlan').revision);

  // The person types a clean plan into the cell: recorded, and the plan before it kept in the history.
  const typed = '# Plan: Clean\n\nGoal: Start over\n\n### Phase 1: Work\n- [ ] 1.1 Sum\n';
  personEdits(spreadsheet, PLAN, typed);
  expect(planText(spreadsheet)).toBe(typed);
  const history = callAsPerson(spreadsheet, token, 'sidebarHistory') as Array<{ text: string }>;
  expect(history[0].text).toContain('Sum it');
  expect(history[0].text).toContain('  - Answer: yes');
  expect(execute(spreadsheet, 'startTask', ['1.1']).error).toBeUndefined();
});
