/** The plan, calls and the person's decision the person-decisions tests share (person-decisions, review-holds). */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { call, callAsPerson, execute, plan, refusedWrites, snapshot, snapshotBesideTheLog } from './harness';

export const PLAN_TEXT = plan(
  '# Plan: Sales clean-up',
  '',
  'Goal: Tidy the sales sheet',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Write: Sheet1!A1:B5 (the summary)',
  '',
  '## Questions for User',
  '',
  '- Which month?',
  '',
  '### Phase 1: Work',
  '- [!] 1.1 Check totals — do they match the bank?',
  '- [ ] 1.2 Delete every row of Sales!A2:Z5000',
  '- [/] 1.3 Write the summary',
  '',
  '## Notes',
  '',
);

/** An agent's call through scripts.run; throws its error. */
export function agent(spreadsheet: EmulatedSpreadsheet, name: string, ...args: unknown[]): any {
  return call(spreadsheet, name, ...args);
}

/**
 * Runs `name` and expects `code`, with every cell, sheet and property byte for byte as it was; a refused writeRange
 * changes the write log alone, which notes the attempt with its code.
 */
export function refused(
  spreadsheet: EmulatedSpreadsheet,
  name: string,
  args: unknown[],
  code: string,
  ui = false,
): string {
  const write = name === 'writeRange';
  const state = write ? snapshotBesideTheLog : snapshot;
  const notedBefore = refusedWrites(spreadsheet).length;
  const before = state(spreadsheet);
  const { error } = execute(spreadsheet, name, args, ui ? { context: 'ui' } : {});
  expect(error?.message).toMatch(new RegExp(`^${code}: `));
  expect(state(spreadsheet)).toBe(before);
  const noted = refusedWrites(spreadsheet);
  expect(noted).toHaveLength(notedBefore + (write ? 1 : 0));
  if (write) expect(noted[0]).toMatchObject({ range: args[0], step: args[2], code });
  return error!.message;
}

/** What the sidebar shows of a step: the task the person decides on. */
export function shownTask(spreadsheet: EmulatedSpreadsheet, token: string, step: string) {
  const view = callAsPerson(spreadsheet, token, 'sidebarLoad');
  const task = (agent(spreadsheet, 'getPlan').phases as Array<{ tasks: any[] }>)
    .flatMap((phase) => phase.tasks)
    .find((candidate) => candidate.step === step);
  expect(view.markdown).toContain(task.title);
  return task.note === undefined
    ? { title: task.title, status: task.status }
    : { title: task.title, status: task.status, note: task.note };
}

/** The person decides on `step` in the sidebar, as they see it now: approves it or requests changes, with `comment`. */
export function personDecides(
  spreadsheet: EmulatedSpreadsheet,
  token: string,
  action: 'approve' | 'requestChanges',
  step: string,
  comment: string,
) {
  return callAsPerson(
    spreadsheet,
    token,
    'sidebarTaskAction',
    action,
    step,
    comment,
    shownTask(spreadsheet, token, step),
  );
}
