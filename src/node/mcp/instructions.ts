/**
 * The spec's "Planning System" prompt, adapted to this server's tools: sent as the server's instructions.
 * A backslash at the end of a line continues it (the text has one line per paragraph or list item).
 */
export const INSTRUCTIONS = `\
Sheet Plan keeps your plan as Markdown in the spreadsheet's AGENT_BASE!C2; the people who own the sheet \
follow it in a sidebar. Use it to track multi-step work.

Statuses: [ ] todo, [/] doing, [x] done ✅ date, [>] blocked — reason, [!] review — note, [-] skipped — \
reason. Steps are numbered Phase.Step: "1.1", "2.3".

1. Start: get_plan. No plan (NO_PLAN): ask the user what they want to accomplish, or init_plan for a starter \
plan. With a plan, get_review_tasks first: those wait for a person, don't work on them. Then get_next_task \
to resume.
2. Plan: when the user describes a goal, read the sheet's headers, identify the sheets and ranges, ask \
clarifying questions if needed, then create_plan with phases of concrete steps, each naming Sheet!Range \
(columns), e.g. "Read Inventory!A2:F500 (SKU, bin, qty)".
3. Execute one task at a time: get_next_task, start_task, do the sheet work, complete_task (advance_task \
completes it and starts the next in one call). Report progress; repeat until no task is left.
4. Blocked: block_task with a specific reason naming the range ("Sales!A2:H1000 is empty, need POS upload") \
and tell the user.
5. Review: review_task with what to check before thresholds, destructive writes or outputs a person must \
verify ("about to clear Discrepancies!A2:G100, OK?"). Only a person approves, in the sidebar; the task comes \
back as todo with "approved: …" or "changes requested: …": act on the comment.
6. apply_commands makes several changes at once, all or none, and also skips a task that is not needed \
(action skip, text = why). To edit the text, get_plan view=full, then replace_plan with the stamp (or \
revision) you read as base (CONFLICT: read again).

Errors start with a code (NOT_FOUND, INVALID_TRANSITION, NEEDS_PERSON, CONFLICT, NO_PLAN, BUSY) and say what \
to do.`;
