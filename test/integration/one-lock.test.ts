/**
 * One lock, whatever runs the code: an agent's scripts.run call and a person's sidebar call exclude each other, so
 * neither can overwrite a change the other is making. The emulator gives a scripts.run execution no document lock
 * (Google does not say it gets one): code that took the document lock where it could would let the two overlap, and
 * these tests would see the lost write.
 */
import { execute, openSidebar, plan, planText, sheetWithSavedPlan, withoutClaims, type Context } from './harness';

const PLAN_TEXT = plan(
  '# Plan: Together',
  'Goal: Nothing lost',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
);

type Call = { name: string; args: (token: string) => unknown[]; context: Context };
const agentStarts = (step: string): Call => ({ name: 'startTask', args: () => [step], context: 'api' });
const personStarts = (step: string): Call => ({
  name: 'sidebarTaskAction',
  args: (token) => [token, 'start', step, null],
  context: 'ui',
});

test.each([
  ['an agent', 'a person in the sidebar', agentStarts('1.1'), personStarts('1.2')],
  ['a person in the sidebar', 'an agent', personStarts('1.1'), agentStarts('1.2')],
])('while %s is writing the plan, %s is told BUSY and writes nothing', (_first, _second, first, second) => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const token = openSidebar(spreadsheet);
  let overlapping: ReturnType<typeof execute> | undefined;
  const { error, execution } = execute(spreadsheet, first.name, first.args(token), {
    context: first.context,
    // The second call runs while the first holds its lock, just before the first writes.
    prepare: (run) =>
      run.faults.interleave('Range.setValues', () => {
        overlapping = execute(spreadsheet, second.name, second.args(token), { context: second.context });
      }),
  });
  expect(error).toBeUndefined();
  expect(overlapping?.error?.message).toMatch(/^BUSY: The plan is busy/);
  expect(withoutClaims(planText(spreadsheet))).toBe(PLAN_TEXT.replace('- [ ] 1.1', '- [/] 1.1'));
  expect([execution.leakedLocks, overlapping?.execution.leakedLocks]).toEqual([[], []]);
});
