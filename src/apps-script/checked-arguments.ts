/**
 * Every agent and sidebar function checks its own arguments against the API descriptor before it runs
 * (src/core/argument-check.ts): the descriptor's schemas, written into the bundle as JSON by scripts/build.mjs, are
 * the one rule set.
 */
import { checkArguments, type ArgumentRule } from '../core/argument-check';

declare const SHEET_PLAN_ARGUMENT_RULES: Record<string, ArgumentRule[]>;

type Implementations = Record<string, (...args: never[]) => unknown>;
type Call = (...args: unknown[]) => unknown;

function rulesOf(name: string): ArgumentRule[] {
  const rules = SHEET_PLAN_ARGUMENT_RULES[name];
  if (!rules) throw new Error(`No argument rules for ${name} (scripts/build.mjs writes them from the descriptor)`);
  return rules;
}

/** `api` with each function refusing arguments that do not fit its rules, before its implementation runs. */
export function checkingArguments<Api extends Implementations>(api: Api): Api {
  const checked: Record<string, Call> = {};
  for (const [name, implementation] of Object.entries(api)) {
    const rules = rulesOf(name);
    const call = implementation as Call;
    checked[name] = (...args: unknown[]) => {
      checkArguments(rules, args);
      return call(...args);
    };
  }
  return checked as unknown as Api;
}

/** Runs a call once its person token is checked (NEEDS_PERSON otherwise). */
export type PersonCheck = <T>(token: unknown, call: () => T) => T;

/**
 * The sidebar's module with each function the rules name checking its arguments, after `asPerson` has checked the
 * person token of those that take one: an agent that reaches a sidebar function learns that it is a person's, whatever
 * else it sent.
 */
export function checkingPersonArguments<Module extends object>(module: Module, asPerson: PersonCheck): Module {
  const checked = { ...module } as Record<string, unknown>;
  for (const [name, entry] of Object.entries(module)) {
    if (typeof entry !== 'function' || !Object.prototype.hasOwnProperty.call(SHEET_PLAN_ARGUMENT_RULES, name)) continue;
    const rules = rulesOf(name);
    const call = entry as Call;
    const checkedCall = (...args: unknown[]) => {
      checkArguments(rules, args);
      return call(...args);
    };
    checked[name] =
      rules[0]?.name === 'token' ? (...args: unknown[]) => asPerson(args[0], () => checkedCall(...args)) : checkedCall;
  }
  return checked as Module;
}
