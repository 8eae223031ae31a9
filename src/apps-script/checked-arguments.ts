/**
 * Every agent and sidebar function checks its own arguments against the API descriptor before it runs
 * (src/core/api/argument-check.ts): the descriptor's schemas, written into the bundle by scripts/build.mjs
 * (./descriptor-tables.ts), are the one rule set.
 */
import { checkArguments, type ArgumentRule } from '../core/api/argument-check';
import { argumentRulesOf } from './descriptor-tables';
import { invalidArgument } from '../core/errors';
import { filled } from '../core/text';
import * as rareRefusals from './rare-refusals';

type Call = (...args: unknown[]) => unknown;

function rulesOf(name: string): ArgumentRule[] {
  const rules = argumentRulesOf(name);
  // scripts/build.mjs writes them from the descriptor: none for a name means a build that does not match its code.
  if (!rules) throw new Error(`No argument rules for ${name}`);
  return rules;
}

/** The agent function `name`, refusing arguments that do not fit its rules before `implementation` runs. */
export function checkingArguments(name: string, implementation: Call): Call {
  const rules = rulesOf(name);
  return (...args: unknown[]) => {
    checkArguments(rules, args);
    return implementation(...args);
  };
}

/**
 * The agent function `name` refusing a value past the last argument it takes (`count`, request options counted): left
 * unread, it would let the caller believe it had said something. A null there is JSON's way of leaving one out.
 */
export function takingAtMost(name: string, count: number, call: Call): Call {
  return (...args: unknown[]) => {
    const extra = args.findIndex((value, position) => position >= count && value != null);
    if (extra >= 0) {
      throw invalidArgument(
        filled(rareRefusals.oneTooMany(), { place: String(extra + 1), name, count: String(count) }),
      );
    }
    return call(...args);
  };
}

/** Runs a call once its person token is checked (NEEDS_PERSON otherwise). */
export type PersonCheck = <T>(token: unknown, call: () => T) => T;

/**
 * The entry point `name` (a sidebar function, a menu's, a trigger) checking its arguments when the rules name it (the
 * sidebar's), after `asPerson` has checked the person token when it takes one: an agent that reaches a sidebar function
 * learns that it is a person's, whatever else it sent. One the rules do not name is `implementation` itself.
 */
export function checkingPersonArguments(name: string, implementation: Call, asPerson: PersonCheck): Call {
  const rules = argumentRulesOf(name);
  if (!rules) return implementation;
  const checkedCall = checkingArguments(name, implementation);
  return rules[0]?.name === 'token'
    ? (...args: unknown[]) => asPerson(args[0], () => checkedCall(...args))
    : checkedCall;
}
