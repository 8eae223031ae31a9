/**
 * The `console` global of Apps Script's V8 runtime: what a script logs is recorded in the
 * execution's log (execution.logs), and printed only when the execution asks for it.
 */
import { format } from 'node:util';
import type { ExecutionScope } from '../runtime/execution-scope';
import type { LogEntry } from '../runtime/log-entries';

export interface EmulatedConsole {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
}

/** The `console` global: recorded, not counted as a service call. */
export function createConsole(scope: ExecutionScope): EmulatedConsole {
  const writer =
    (level: LogEntry['level']) =>
    (...data: unknown[]): void => {
      const entry: LogEntry = { level, message: format(...data) };
      scope.logs.push(entry);
      if (scope.settings.echoLogs) console.log(`[console.${level}] ${entry.message}`);
    };
  return {
    log: writer('log'),
    info: writer('info'),
    warn: writer('warn'),
    error: writer('error'),
    debug: writer('debug'),
  };
}
