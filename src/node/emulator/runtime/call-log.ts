/**
 * The ordered record of every service method a script called. Benchmarks and tests count these
 * ("a status change costs one Range.getValues and one Range.setValues"), because in Apps Script
 * each service call is a round trip that users wait for.
 */
import { isDateLike } from './value-kinds';

/** The Apps Script class whose method was called. */
export type ServiceName =
  | 'SpreadsheetApp'
  | 'Spreadsheet'
  | 'Sheet'
  | 'Range'
  | 'LockService'
  | 'Lock'
  | 'Utilities'
  | 'PropertiesService'
  | 'Properties'
  | 'CacheService'
  | 'Cache'
  | 'HtmlService'
  | 'HtmlOutput'
  | 'ContentService'
  | 'TextOutput'
  | 'Ui'
  | 'Menu'
  | 'ScriptApp'
  | 'MailApp'
  | 'User'
  | 'Service'
  | 'TriggerBuilder'
  | 'ClockTriggerBuilder'
  | 'Trigger';

export interface CallRecord {
  /** Position in the execution's log, from 0. */
  readonly index: number;
  readonly service: ServiceName;
  readonly method: string;
  /** A short description of each argument (long text is cut, 2-D arrays show their size). */
  readonly args: readonly string[];
  /** Set when fault injection made this call throw; the message it threw. */
  failure?: string;
}

/**
 * Which calls to count or fail: `'Range.setValues'` (one method), `'Range'` (every method of a
 * class), `{ service: 'Lock', method: 'tryLock' }` (either part may be left out), or a predicate.
 */
export type CallFilter =
  string | { readonly service?: ServiceName; readonly method?: string } | ((call: CallRecord) => boolean);

export function callMatches(call: CallRecord, filter: CallFilter): boolean {
  if (typeof filter === 'function') return filter(call);
  if (typeof filter === 'object') {
    return (
      (filter.service === undefined || call.service === filter.service) &&
      (filter.method === undefined || call.method === filter.method)
    );
  }
  const dot = filter.indexOf('.');
  if (dot < 0) return call.service === filter;
  return call.service === filter.slice(0, dot) && call.method === filter.slice(dot + 1);
}

export function countCalls(calls: readonly CallRecord[], filter?: CallFilter): number {
  if (filter === undefined) return calls.length;
  return calls.filter((call) => callMatches(call, filter)).length;
}

const SHOWN_TEXT_LENGTH = 60;

export function summarizeArguments(args: readonly unknown[]): string[] {
  return args.map((arg) => summarizeValue(arg));
}

function summarizeValue(value: unknown, nested = false): string {
  if (typeof value === 'string') {
    if (value.length <= SHOWN_TEXT_LENGTH) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, SHOWN_TEXT_LENGTH))}… (${value.length} chars)`;
  }
  if (typeof value !== 'object' || value === null) return String(value);
  if (isDateLike(value)) {
    const time = value.getTime();
    return Number.isNaN(time) ? 'Date(invalid)' : `Date(${new Date(time).toISOString()})`;
  }
  if (Array.isArray(value)) {
    const rows: unknown[] = value;
    if (rows.length > 0 && rows.every(Array.isArray)) {
      return `[${rows.length}x${(rows[0] as unknown[]).length}]`;
    }
    if (nested || rows.length > 4) return `[${rows.length} items]`;
    return `[${rows.map((item) => summarizeValue(item, true)).join(', ')}]`;
  }
  // Service objects say what they are (see ExecutionScope.expose); plain objects list their keys.
  const described = describeObject(value);
  if (described !== '[object Object]') return described;
  const keys = Object.keys(value);
  return `{${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}}`;
}

/** String(value), which throws for objects without toString (Object.create(null)). */
function describeObject(value: object): string {
  try {
    return String(value);
  } catch {
    return '[object Object]';
  }
}
