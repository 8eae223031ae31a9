/**
 * The plan's messages in an MCP caller's words. The core names API functions as a PlanClient or scripts.run caller
 * writes them (`startTask("2.2")`, `call getPlan()`); an agent over MCP has tools (`start_task`, `get_plan`), and some
 * functions are no tool at all (`getHistory`: only a person sees the history, in the sidebar). One translation at the
 * MCP edge, driven by the tool routes (which function each tool calls, with which arguments), keeps every message of
 * the core true for both kinds of callers.
 */
import type { ToolRoute } from './tool-calls';
import * as mcpWords from './mcp-words';

/** How a function without a tool of its own is reached over MCP, given the literal arguments a message wrote. */
type Rewording = (values: unknown[] | null) => string;

/** A command of apply_commands: its action, and the fields the function's arguments become, in order. */
function command(action: string, fields: string[]): Rewording {
  return (values) => {
    if (!values || values.length === 0) return `apply_commands (action "${action}")`;
    const named: Record<string, unknown> = { action };
    values.forEach((value, index) => {
      if (index < fields.length) named[fields[index]] = value;
    });
    return `apply_commands with {"commands":[${JSON.stringify(named)}]}`;
  };
}

/** The agent functions with no tool, and what an agent over MCP does instead. */
const WITHOUT_TOOL: Record<string, Rewording> = {
  skipTask: command('skip', ['step', 'text']),
  reopenTask: command('reopen', ['step']),
  setTaskNote: command('note', ['step', 'text']),
  addTask: command('add', ['phase', 'title']),
  addPhase: command('addPhase', ['text', 'steps', 'after']),
  renameTask: command('rename', ['step', 'title']),
  moveTask: command('move', ['step', 'after']),
  removeTask: command('remove', ['step']),
  startNextTask: () => 'get_next_task then start_task',
  getProgress: () => 'get_plan',
  validatePlan: () => 'get_plan',
  // Only rare refusals name these two (an agent that reads Sheet Plan's own sheets): their words are rare too.
  getHistory: () => mcpWords.historyWay(),
  restoreRevision: () => mcpWords.restoreWay(),
  getArchivedPlan: (values) => (values?.length ? `list_plans with ${JSON.stringify({ id: values[0] })}` : 'list_plans'),
};

/** A word that may name a function (`startTask`), and the call's arguments when it is written as one. */
const MENTION = /\b([a-z][A-Za-z]*)\b(?:\(([^()]*)\))?/g;

/** Names that are also words of an MCP tool's input: `addPhase` is apply_commands' action, left as it is bare. */
const ALSO_TOOL_WORDS = new Set(['addPhase']);

/** A call's arguments when the message wrote literals (`"2.2"`, `3`), or null for parameter names (`title, goal`). */
function literalArguments(inner: string | undefined): unknown[] | null {
  if (inner === undefined || inner.trim() === '') return [];
  try {
    return JSON.parse(`[${inner}]`) as unknown[];
  } catch {
    return null;
  }
}

export interface ToolWords {
  /** The message with every API function named as the MCP tool (or the way) that does the same. */
  (message: string): string;
}

/** The translation for the tools whose routes are given (the tool list's, by tool name). */
export function toolWords(routes: Record<string, ToolRoute>): ToolWords {
  const tools = new Map<string, Rewording>();
  for (const [tool, route] of Object.entries(routes)) {
    tools.set(route.function, (values) => {
      const named = Object.fromEntries((values ?? []).map((value, index) => [route.args[index], value]));
      return values && values.length ? `${tool} with ${JSON.stringify(named)}` : tool;
    });
  }
  for (const [name, rewording] of Object.entries(WITHOUT_TOOL)) if (!tools.has(name)) tools.set(name, rewording);
  return (message) =>
    message.replace(MENTION, (whole, name: string, inner: string | undefined) => {
      const rewording = tools.get(name);
      if (!rewording || (inner === undefined && ALSO_TOOL_WORDS.has(name))) return whole;
      return rewording(literalArguments(inner));
    });
}
