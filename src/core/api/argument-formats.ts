/**
 * The descriptor's own formats (`.meta({ format })`), each with what a value of it looks like: the words of
 * ./argument-check.ts's refusals, which Code.js reads from RareTexts.html (src/core/rare-words.ts argumentFormats), and
 * the formats the MCP tool list leaves out of its schemas (src/node/mcp/tools.ts).
 */
import { MAX_DEPENDENCIES } from './api-names';
import { MOVE_TARGET_FORMAT, TITLES_FORMAT } from './format-words';

/** A function, not a constant: a bundle that imports src/core/rare-words.ts without calling it leaves it out. */
export function formatsOfArguments(): Record<string, string> {
  return {
    step: 'a step number like "1.2" or "2.1.3"',
    line: 'a single line of text',
    phase: 'a phase number like 2',
    stamp: 'the stamp of the plan as read, like "7:2k1-9f3a0c1e"',
    base: 'the stamp ("7:2k1-9f3a0c1e") or revision number of the plan you last read',
    moveTarget: MOVE_TARGET_FORMAT,
    archiveId: 'a plan id from listPlans()',
    phases: 'a non-empty list of phases like [{ "name": "Setup", "steps": ["Read Data!A1:C10 (ids)"] }]',
    titles: TITLES_FORMAT,
    commands: 'a non-empty list of commands like [{ "action": "complete", "step": "1.1" }]',
    agentName:
      'text of 1 to 60 characters on one line, something visible, without half characters, ' +
      'such as "Claude on my laptop"',
    waitsFor: `a list of up to ${MAX_DEPENDENCIES} steps the task waits for, like ["1.2", "1.3"]`,
    mailTo: 'a list of e-mail addresses like ["dana@example.com"]',
    seenTask: 'the task as the person saw it, { title, status, note? }',
    seenQuestion: 'the question as the person saw it, { text }',
  };
}
