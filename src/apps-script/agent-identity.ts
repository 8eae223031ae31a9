/**
 * Who calls in this execution, for the record of every change: a person, or an agent and its name.
 *
 * The contract:
 * - A person's run (the menu, the sidebar with its person token, onEdit) records itself as `menu`, `sidebar` or
 *   `cell edit`; those callers say so themselves and never ask this module.
 * - An agent's call (the plan API, ./api.ts) records `agentCaller()`: `api` for a scripts.run caller, which carries no
 *   name, or `agent:<name>` inside `runAsAgent(name, work)`.
 * - `runAsAgent` is for a caller that has already proved who the agent is (the web app, after checking the agent's key
 *   in the URL): everything `work` changes — the revision record's `changedBy`, the history's "Replaced by", the write
 *   log's "By" — carries the name. It is not an entry point: nothing outside the script can call it.
 * The state is this execution's alone: Apps Script evaluates the project afresh for each execution.
 */
import { agentSource, type ChangeSource } from '../core/revision';

let caller: ChangeSource = 'api';

/** Who an agent's change is recorded as in this execution: `api`, or `agent:<name>` inside runAsAgent. */
export function agentCaller(): ChangeSource {
  return caller;
}

/** Runs `work` as the agent named `name` (a name a person gave it): its changes are recorded under that name. */
export function runAsAgent<T>(name: string, work: () => T): T {
  const before = caller;
  caller = agentSource(name);
  try {
    return work();
  } finally {
    caller = before;
  }
}
