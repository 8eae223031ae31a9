/**
 * The descriptor's argument schemas as JSON, for the bundle (which has no zod at run time): scripts/build.mjs writes
 * this table into dist/Code.js and src/core/api/argument-check.ts checks every agent and sidebar call against it, so
 * the descriptor is the one rule set for arguments. Imported at build time only.
 */
import { z } from 'zod/v4';
import { FUNCTION_NAMES, apiFunction, type FunctionName } from './api-functions';
import { TEXT_PATTERNS, type ArgumentRule, type JsonRule } from './argument-check';

const SAFE_INTEGER_BOUNDS: Record<string, number> = {
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
};

/** Drops what says nothing to the checker (the draft URI, the safe-integer bounds), so the bundle stays lean. */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (typeof schema !== 'object' || schema === null) return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || SAFE_INTEGER_BOUNDS[key] === value) continue;
    kept[key] = compact(value);
  }
  return kept;
}

/** Every `pattern` in a schema, however deep. */
function patternsIn(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const own = 'pattern' in schema && typeof schema.pattern === 'string' ? [schema.pattern] : [];
  return [...own, ...Object.values(schema).flatMap(patternsIn)];
}

/**
 * The functions whose arguments come from outside: an agent's (scripts.run, MCP) and a person's (google.script.run).
 * Triggers and the web app take Apps Script's own event objects.
 */
export const CHECKED_FUNCTION_NAMES: readonly FunctionName[] = FUNCTION_NAMES.filter((name) =>
  apiFunction(name).callers.some((caller) => caller === 'agent' || caller === 'person'),
);

/** Each agent and sidebar function's arguments, in order: name, whether it may be left out, and its JSON schema. */
export function argumentTable(): Record<string, ArgumentRule[]> {
  const table = buildTable();
  const unknown = patternsIn(table).filter((pattern) => !TEXT_PATTERNS.has(pattern));
  if (unknown.length) throw new Error(`Add these argument patterns to TEXT_PATTERNS: ${unknown.join(', ')}`);
  return table;
}

function buildTable(): Record<string, ArgumentRule[]> {
  return Object.fromEntries(
    CHECKED_FUNCTION_NAMES.map((name) => [
      name,
      apiFunction(name).args.map((arg) => ({
        name: arg.name,
        optional: arg.schema.safeParse(undefined).success,
        schema: compact(z.toJSONSchema(arg.schema, { io: 'input', unrepresentable: 'any' })) as JsonRule,
      })),
    ]),
  );
}
