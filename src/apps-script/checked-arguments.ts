/**
 * Every agent function checks its own arguments against the API descriptor before it runs (src/core/argument-check.ts):
 * the descriptor's schemas, written into the bundle as JSON by scripts/build.mjs, are the one rule set.
 */
import { checkArguments, type ArgumentRule } from '../core/argument-check';

declare const SHEET_PLAN_ARGUMENT_RULES: Record<string, ArgumentRule[]>;

type Implementations = Record<string, (...args: never[]) => unknown>;

/** `api` with each function refusing arguments that do not fit its rules, before its implementation runs. */
export function checkingArguments<Api extends Implementations>(api: Api): Api {
  const checked: Record<string, (...args: unknown[]) => unknown> = {};
  for (const [name, implementation] of Object.entries(api)) {
    const rules = SHEET_PLAN_ARGUMENT_RULES[name];
    if (!rules) throw new Error(`No argument rules for ${name} (scripts/build.mjs writes them from the descriptor)`);
    const call = implementation as (...args: unknown[]) => unknown;
    checked[name] = (...args: unknown[]) => {
      checkArguments(rules, args);
      return call(...args);
    };
  }
  return checked as unknown as Api;
}
