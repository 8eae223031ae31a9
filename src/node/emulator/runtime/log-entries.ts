/** What a script wrote with Logger.log or console.*, kept in order for tests and the local server. */
export interface LogEntry {
  readonly source: 'Logger' | 'console';
  readonly level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  readonly message: string;
}
