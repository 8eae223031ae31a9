/**
 * What crosses between the spreadsheet's thread and a script's thread in the execution pool. The
 * services stay on the spreadsheet's thread; the script holds stand-ins for its service objects
 * (by handle), and every service call travels as a message and waits for its answer.
 */
import type { MessagePort } from 'node:worker_threads';
import type { JsonValue } from '../runtime/transport';
import type { ScriptFailure } from '../script-context';

/** A value on its way between the threads: plain data as itself, the rest tagged. */
export type Wire =
  | null
  | undefined
  | boolean
  | number
  | string
  | { readonly t: 'date'; readonly ms: number }
  | { readonly t: 'array'; readonly items: readonly Wire[] }
  | { readonly t: 'record'; readonly entries: ReadonlyArray<readonly [string, Wire]> }
  /** A service object (Range, Lock, …); `kind`, `methods` and `fields` come with its first appearance. */
  | { readonly t: 'service'; readonly id: number; readonly shape?: ServiceShape }
  /** An enum constant (`Button.OK`); from the script's side, the handle alone. */
  | { readonly t: 'constant'; readonly id: number; readonly name?: string; readonly ordinal?: number }
  /** An enum (`ui.Button`) and its constants; from the script's side, the handle alone. */
  | { readonly t: 'enum'; readonly id: number; readonly constants?: ReadonlyArray<readonly [string, Wire]> }
  /** A function the script passed: services only ever refuse one, so its type is all that travels. */
  | { readonly t: 'function' };

/** Primitives travel as themselves and a function as its type, either way; null for anything else. */
export function primitiveWire(value: unknown): { readonly wire: Wire } | null {
  if (value === null || value === undefined) return { wire: value };
  switch (typeof value) {
    case 'boolean':
    case 'number':
    case 'string':
      return { wire: value };
    case 'function':
      return { wire: { t: 'function' } };
    default:
      return null;
  }
}

export interface ServiceShape {
  /** The Apps Script class (`String(range)` is "Range"). */
  readonly kind: string;
  readonly methods: readonly string[];
  /** Enum fields such as `ui.Button`. */
  readonly fields: ReadonlyArray<readonly [string, Wire]>;
}

/** From a script's thread: a service call, or a console line (formatted on the script's side). */
export type ScriptRequest =
  | { readonly op: 'call'; readonly target: number; readonly method: string; readonly args: readonly Wire[] }
  | { readonly op: 'console'; readonly level: ConsoleLevel; readonly message: string };

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** The answer to a ScriptRequest: what the call returned, or the error the script must see. */
export type ServiceReply =
  { readonly value: Wire } | { readonly error: { readonly name: string; readonly message: string } };

/** One execution handed to a script's thread. */
export interface Job {
  readonly job: number;
  readonly distDir: string;
  /** Milliseconds each service call waits before it is sent (PoolOptions.serviceLatencyMs); none when absent. */
  readonly latencyMs?: number;
  /** The Apps Script globals (SpreadsheetApp, LockService, …) as service handles; console is made there. */
  readonly globals: ReadonlyArray<readonly [string, Wire]>;
  readonly functionName: string;
  /** google.script.run / scripts.run arguments (already checked to be plain JSON) … */
  readonly args?: readonly JsonValue[];
  /** … or the event of a trigger … */
  readonly event?: Wire;
  /** … or the event of a web app request (plain JSON): the result is then what the function returned, as a Wire. */
  readonly webEvent?: JsonValue;
}

export type JobResult =
  | { readonly job: number; readonly result: JsonValue }
  | { readonly job: number; readonly returned: Wire }
  | { readonly job: number; readonly error: ScriptFailure };

/** What a script's thread is started with. */
export interface WorkerSetup {
  /** Where service calls go; the answer is read from it synchronously. */
  readonly port: MessagePort;
  /** One Int32: the spreadsheet's thread sets it to 1 once the answer is on the port. */
  readonly signal: SharedArrayBuffer;
}
