/** What scripts/test-run-record.mjs keeps of a whole `npm test` that passed. */
export interface TestRun {
  seconds: number;
  /** YYYY-MM-DD */
  date: string;
  cores: number;
  commit: string | null;
  /** Tracked files differed from the commit. */
  changed: boolean;
}

export function currentCommit(root: string): string | null;
export function recordTestRun(root: string, seconds: number): void;
export function lastTestRun(root: string): TestRun | undefined;
