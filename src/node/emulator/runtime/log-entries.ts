/** What a script wrote with console.*, kept in order for tests and the local server. */
export interface LogEntry {
  readonly level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  readonly message: string;
}
