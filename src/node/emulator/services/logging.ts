/**
 * Logger (https://developers.google.com/apps-script/reference/base/logger) and console: both
 * write to the execution's log (execution.logs); console output is not printed unless asked.
 */
import { format } from 'node:util';
import type { ExecutionScope } from '../runtime/execution-scope';
import type { LogEntry } from '../runtime/log-entries';

export class Logger {
  readonly #scope: ExecutionScope;
  #log: string[] = [];

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** log(data), or log(format, values…) where each `%s` takes the next value. */
  log(data: unknown, ...values: unknown[]): this {
    let message = String(data);
    if (values.length > 0) {
      const queue = [...values];
      message = message.replace(/%s/g, () => (queue.length > 0 ? String(queue.shift()) : '%s'));
    }
    this.#log.push(message);
    record(this.#scope, { source: 'Logger', level: 'log', message });
    return this;
  }

  getLog(): string {
    return this.#log.map((line) => `${line}\n`).join('');
  }

  clear(): void {
    this.#log = [];
  }
}

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
      record(scope, { source: 'console', level, message: format(...data) });
    };
  return {
    log: writer('log'),
    info: writer('info'),
    warn: writer('warn'),
    error: writer('error'),
    debug: writer('debug'),
  };
}

function record(scope: ExecutionScope, entry: LogEntry): void {
  scope.logs.push(entry);
  if (scope.settings.echoLogs) console.log(`[${entry.source}.${entry.level}] ${entry.message}`);
}
