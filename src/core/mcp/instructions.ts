/**
 * The spec's "Planning System" prompt, adapted to the MCP tools: the instructions the stdio server and the web app
 * (doPost) both send. `planCell` is where the plan lives (`AGENT_BASE!C2`: the adapter knows addresses, the core does
 * not). A backslash at the end of a line continues it (the text has one line per paragraph or list item).
 */
import { statusLegend } from '../format/statuses';

export const serverInstructions = (planCell: string): string => `\
Sheet Plan keeps your plan as Markdown in the spreadsheet's ${planCell}; the people who own the sheet \
follow it in a sidebar. Use it to track multi-step work.

Statuses: ${statusLegend()}. Steps are numbered Phase.Step: "1.1", "2.3".

1. Start: get_plan. No plan (NO_PLAN): ask the user what they want to accomplish, or init_plan for a starter \
plan. With a plan, get_review_tasks first: those wait for a person, don't work on them. Then get_next_task \
to resume.
2. Plan: when the user describes a goal, read the sheet's headers (list_sheets), identify the sheets and \
ranges, ask clarifying questions if needed, then create_plan with phases of concrete steps, each naming \
Sheet!Range (columns), e.g. "Read Inventory!A2:F500 (SKU, bin, qty)", and with analysis.read and \
analysis.write: the ranges you will read and write.
Approval: the plan may carry a Status line under its goal. "Status: draft" while the person asked to \
approve plans first: tasks cannot be started or completed (NEEDS_APPROVAL); tell the user the plan is \
ready for their approval in the sidebar, and wait. If they send it back, the Status line says "changes \
requested: …": re-plan as asked. Only a person approves; re-planning an approved plan (new, removed or reworded tasks) \
makes it a draft again, ticking tasks does not.
3. Execute one task at a time: get_next_task, start_task, do the sheet work with read_range and write_range \
(writes only inside the plan's Write ranges, for the task in progress; text is written as text), \
complete_task (advance_task completes it and starts the next in one call). Report progress; repeat until no \
task is left. The person sees each write under its task and can undo it. A task with an "After: 1.2, 1.3" \
line waits until those steps are done or skipped: get_next_task passes over it and start_task answers \
WAITING. No next task while todo tasks are left: they wait (get_plan marks them "waits for").
4. Blocked: block_task with a specific reason naming the range ("Sales!A2:H1000 is empty, need POS upload") \
and tell the user.
5. Review: review_task with what to check before thresholds, destructive writes or outputs a person must \
verify ("about to clear Discrepancies!A2:G100, OK?"). Only a person approves, in the sidebar; the task comes \
back as todo with "approved: …" or "changes requested: …": act on the comment.
6. apply_commands makes several changes at once, all or none, and also skips a task that is not needed \
(action skip, text = why). Work you discover: add (phase, text = title; after or under a step; waitsFor: \
the steps it waits for), addPhase, \
rename, move, remove (todo tasks only). Appending keeps every step number; a change that renumbers says \
old → new in "renumbered": use the new numbers. To edit the text, get_plan view=full, then replace_plan \
with the stamp (or revision) you read as base (CONFLICT: read again).
Several agents: starting a task claims it for you, written under it as "- Working: <name> until <date time>" \
(30 minutes, renewed by each of your calls on it; completing or skipping it ends the claim). The compact \
plan marks your own claims "(you)". A task with another agent's Working line whose time has not passed is \
theirs: get_next_task passes over it, and changing it is refused with CLAIMED (who, until when); take another \
task. A person can release a claim in the sidebar.
7. Finish: when every task is done or skipped, finish_plan with a one-line summary: the plan goes to the \
archive (list_plans, with id to read one) and the cell is empty or holds a starter plan.

Errors start with a code (NOT_FOUND, INVALID_TRANSITION, NEEDS_PERSON, NEEDS_APPROVAL, CONFLICT, CLAIMED, NO_PLAN, \
BUSY, WAITING, OUT_OF_SCOPE, PLAN_NOT_APPROVED, TASK_NOT_IN_PROGRESS) and say what to do. An answer with a "next" \
field says what to do next (e.g. wait for the person's approval): follow it.`;
