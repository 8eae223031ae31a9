/**
 * The names and limits the API descriptor's schemas list, as constants: the descriptor (./api-functions.ts,
 * ./api-person-functions.ts, ./api-shapes.ts, ./api-spec.ts) imports nothing but these, zod and the status table, never
 * the code that acts on them (test/core/descriptor-leaf.test.ts). The code takes its names from here in turn: the
 * rules of src/core/rules/actions.ts are one per task action, EDIT_ACTIONS of src/core/replan/replan.ts one per
 * re-planning command (the compiler and that test check both).
 */
import { STANDARD_STATUSES } from '../format/statuses';

/** A move into each status (its `move` in the status table), or a note: the task actions an agent may take. */
export type AgentAction = (typeof STANDARD_STATUSES)[number]['move']['action'] | 'note';
/** A person's decisions on a task held for them (review): only the sidebar takes them. */
export type PersonDecision = 'approve' | 'requestChanges';
export type TaskAction = AgentAction | PersonDecision;

/**
 * The agent's task actions in the order the rules list them: the moves in the status table's order, the move back to
 * the queue (reopen) last, as it undoes work; then a note.
 */
export const AGENT_ACTIONS = /* @__PURE__ */ agentActions();

function agentActions(): [AgentAction, ...AgentAction[]] {
  const moves = [...STANDARD_STATUSES].sort((a, b) => Number(a.queue) - Number(b.queue));
  const actions: AgentAction[] = [...moves.map((status) => status.move.action), 'note'];
  return actions as [AgentAction, ...AgentAction[]];
}

/** Every task action: the agent's, then a person's decisions. */
export const TASK_ACTION_NAMES = /* @__PURE__ */ taskActionNames();

function taskActionNames(): [TaskAction, ...TaskAction[]] {
  return [...AGENT_ACTIONS, 'approve', 'requestChanges'];
}

/** Re-planning commands applyCommands takes beside the task actions (src/core/replan/replan.ts). */
export const EDIT_COMMANDS = ['add', 'addPhase', 'rename', 'move', 'remove'] as const;
export type EditAction = (typeof EDIT_COMMANDS)[number];

/** More steps than this on one line is not a dependency a person reads at a glance (a task's After line). */
export const MAX_DEPENDENCIES = 20;

/** The most todo tasks getPlan's compact view lists (its `nextCount`). */
export const MAX_NEXT_COUNT = 20;
