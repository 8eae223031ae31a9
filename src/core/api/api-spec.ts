/**
 * The shape of the API descriptor's entries (src/core/api/api-functions.ts): who may call a function, its arguments,
 * what it may change, whether a retry is safe, how MCP shows its answer.
 */
import type { z } from 'zod/v4';

/**
 * Who may call a function: an agent (scripts.run), a person (the sidebar, with its token), a trigger, a menu item, or
 * a request to the web app (anyone with its URL: doPost runs nothing without an agent's key).
 */
export type Caller = 'agent' | 'person' | 'trigger' | 'menu' | 'web';

export interface ApiArgument {
  name: string;
  /** Type and shape; optional when it accepts undefined (`.optional()`). */
  schema: z.ZodType;
  /** One line, shown to MCP clients beside the argument. */
  description?: string;
}

/**
 * How an MCP tool shows the function's answer (src/node/mcp/tools.ts): a plan summary, one task, tasks, the
 * results of commands, a finished plan, the archive, or sheet work (sheets, cells read, a write, the log).
 */
export type McpAnswer =
  'plan' | 'task' | 'tasks' | 'commands' | 'finished' | 'archive' | 'revision' | 'sheets' | 'range' | 'write' | 'log';

export interface ApiFunctionSpec {
  /** One short sentence: the MCP tool's description, and what the docs say first. */
  description: string;
  callers: readonly Caller[];
  args: readonly ApiArgument[];
  /** It may write the plan (or the sheet it lives in). */
  changesPlan: boolean;
  /** It may write cells of other sheets (writeRange, a person's undo of a write): never read-only. */
  writesSheet?: boolean;
  /**
   * Calling it twice leaves the plan as calling it once (the second call may be refused): safe to retry blindly, even
   * without a request id. PlanClient retries a call when this holds or when the call carries a request id.
   */
  retrySafe: boolean;
  /** Offered to MCP clients as a snake_case tool, its answer shown this way. Only for agent functions. */
  mcp?: McpAnswer;
}

declare const RESULT: unique symbol;
/** A spec that also carries, as a type only, what the function returns. */
export type ApiFunction<Spec extends ApiFunctionSpec = ApiFunctionSpec, Result = unknown> = Spec & {
  readonly [RESULT]?: Result;
};

/** `returning<TaskResult>()({ … })`: a spec, its literal types kept, and its result type. */
export function returning<Result>() {
  return <const Spec extends ApiFunctionSpec>(spec: Spec): ApiFunction<Spec, Result> => spec;
}

export function argument<Schema extends z.ZodType>(name: string, schema: Schema, description?: string) {
  return { name, schema, description } as const;
}
