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
 * - A caller without a key (scripts.run, PlanClient with a Google token) may name itself with the `agent` option
 *   (`runAsNamedCaller`): its changes and claims are then that agent's; without it, they are `api`'s. It may not take
 *   a reserved name (the sidebar's words for a person's change, src/core/person/source-words.ts) nor, case and spacing
 *   aside, the name of an agent connected with a key (one property read, only when it names itself). A caller with a
 *   key is the key's agent: the option may only repeat its name.
 * The state is this execution's alone: Apps Script evaluates the project afresh for each execution.
 */
import { invalidArgument } from '../core/errors';
import * as rareRefusals from './rare-refusals';
import { filled } from '../core/text';
import { agentNameOf, agentSource, type ChangeSource } from '../core/write-path/revision';
import { comparedName } from '../core/person/source-words';
import { requireKeylessName } from './agent-keys';

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

/**
 * Runs `work` as the agent a caller names with the `agent` option (undefined or null: as it is). A caller without a key
 * becomes that agent; a caller with a key is refused when it names another agent (its key says who it is).
 */
export function runAsNamedCaller<T>(name: unknown, work: () => T): T {
  if (name === undefined || name === null) return work();
  if (caller === 'api') {
    if (typeof name === 'string' && name.trim().toLowerCase() === 'api') return work();
    return runAsAgent(requireKeylessName(name), work);
  }
  const named = typeof name === 'string' && name.trim().toLowerCase() === 'api' ? 'api' : name;
  const asNamed: ChangeSource = named === 'api' ? 'api' : agentSource(String(named).trim());
  if (comparedName(caller) === comparedName(asNamed)) return work();
  throw invalidArgument(
    filled(rareRefusals.agentMismatch(), { named: JSON.stringify(named), caller: agentNameOf(caller) ?? caller }),
  );
}
