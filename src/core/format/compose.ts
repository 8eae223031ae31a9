/** Whole documents Sheet Plan writes: a new plan from createPlan, and the starter plan. */
import { formatTaskLine } from './annotations';
import { STATUS_TABLE } from './statuses';
import type { PhaseInput, PlanDetails } from './types';

/** `- Label: value`, or `- Label:` alone when the agent gave no value: nothing a person could take for a fact. */
function field(label: string, value: string | undefined): string {
  return value && value.trim() ? `- ${label}: ${value}` : `- ${label}:`;
}

/**
 * The Markdown createPlan writes. Sections the agent gave no details for keep their headings and labels (the
 * spec's document shape) but no bracketed placeholders: `[Any clarifying questions]` would read as a question
 * waiting for an answer, and `[sheet names]` as a value.
 */
export function composePlan(title: string, goal: string, phases: PhaseInput[], details: PlanDetails = {}): string {
  const analysis = details.analysis ?? {};
  const todo = STATUS_TABLE.queue.symbol;
  const phaseBlocks = phases.map((phase, i) =>
    [
      `### Phase ${i + 1}: ${phase.name}`,
      ...phase.steps.map((title, j) => formatTaskLine(todo, `${i + 1}.${j + 1}`, { title })),
    ].join('\n'),
  );

  return [
    `# Plan: ${title}`,
    '',
    `Goal: ${goal}`,
    '',
    '## Analysis',
    '',
    field('Spreadsheet', analysis.spreadsheet),
    field('Key sheets', analysis.keySheets?.join(', ')),
    '- Target ranges:',
    ...(analysis.read ?? []).map((range) => `  - Read: ${range}`),
    ...(analysis.write ?? []).map((range) => `  - Write: ${range}`),
    field('Current state', analysis.currentState),
    '',
    '## Questions for User',
    '',
    ...(details.questions?.length ? [...details.questions.map((question) => `- ${question}`), ''] : []),
    phaseBlocks.join('\n\n'),
    '',
    '## Notes',
    '',
    ...(details.notes ? [details.notes, ''] : []),
  ].join('\n');
}

/**
 * The plans Sheet Plan writes or answers itself, each asked for only when it is needed: the bundle reads their texts
 * from a file then (src/apps-script/rare-texts.ts). Node passes BUILT_IN_PLANS.
 */
export interface PlanTemplates {
  /** The starter plan (STARTER_PLAN). */
  starter(): string;
  /** The recovery plan naming `error` (recoveryPlan). */
  recovery(error: string): string;
}

/** Written by initPlan to a sheet that has no plan yet, and by finishPlan when the person chose a fresh start. */
/** The starter plan's first line (a test checks it): the sidebar knows the starter by it, without its text. */
export const STARTER_HEADING = '# Plan: Getting Started with Sheet Agent';

export const STARTER_PLAN = `# Plan: Getting Started with Sheet Agent

Goal: Learn the basic tools and workflows for working with spreadsheets

## Analysis

- Spreadsheet: [Your spreadsheet name]
- Key sheets: [List sheets you want to work with]
- Target ranges:
  - Read: [Ranges to read from]
  - Write: [Ranges to write to]
- Current state: Workspace initialized, ready for first task

## Questions for User

- What spreadsheet would you like to work with?
- What is your goal for this session?

### Phase 1: Orientation
- [ ] 1.1 List available sheets in the spreadsheet
- [ ] 1.2 Read headers from main data sheet to understand structure
- [ ] 1.3 Identify key columns and data types

### Phase 2: First Task
- [ ] 2.1 Define a specific goal with the user
- [ ] 2.2 Create a detailed plan for that goal
- [ ] 2.3 Execute the plan step by step

## Notes

This is a starter plan created by initPlan(). Replace it with createPlan() once you understand the user's goals.

Basic workflow:
1. Use getPlan() to check current plan
2. Use getNextTask() to find what to do next
3. Use startTask(step) before working on a task
4. Use completeTask(step) when done, or advanceTask(step) to complete it and start the next one
5. Use blockTask(step, reason) if stuck, skipTask(step, reason) if a task is no longer needed
6. Use reviewTask(step, note) if human input needed; the person approves or sends it back in the sidebar
`;

/** Returned (never written) when initPlan cannot set the sheet up, so an agent still has a plan to follow. */
export const RECOVERY_PLAN = `# Plan: Initialization Error

Goal: Recover from initialization error

## Analysis

- Error: {error}
- Action needed: Check spreadsheet permissions and try again

### Phase 1: Recovery
- [ ] 1.1 Verify spreadsheet access
- [ ] 1.2 Retry initialization

## Notes

initPlan() encountered an error and wrote nothing. Please check permissions and try again.
`;

/** A recovery plan (`template`: RECOVERY_PLAN, or the bundle's copy of it) naming the error, on one line. */
export function recoveryPlan(errorMessage: string, template: string): string {
  return template.replace('{error}', () => errorMessage.replace(/\s+/g, ' '));
}

export const BUILT_IN_PLANS: PlanTemplates = {
  starter: () => STARTER_PLAN,
  recovery: (error) => recoveryPlan(error, RECOVERY_PLAN),
};
