/**
 * One rule set for arguments: a call's arguments against the API descriptor's schemas (as JSON Schema, see
 * ./argument-table.ts), before the use case runs. The messages name the argument, say what was wrong and what is
 * allowed; unknown keys of an object the descriptor closes (`.strict()`) are refused by name. Use cases keep only the
 * rules that need the plan ("step not found") or read the text (a title's " — ").
 */
import { describeValue } from './arguments';
import { invalidArgument } from '../errors';
import { STEP_ID } from '../format/patterns';
import { hasOwn, isRecord } from '../own-keys';
import * as rareWords from '../rare-words';
import { filled } from '../text';

/** The part of JSON Schema the descriptor's arguments use. */
export interface JsonRule {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonRule[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonRule;
  properties?: Record<string, JsonRule>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface ArgumentRule {
  name: string;
  /** It may be left out; null stands for left out too (scripts.run sends JSON, which has no undefined). */
  optional: boolean;
  schema: JsonRule;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/**
 * What a value of one of the descriptor's own formats looks like (./argument-formats.ts). Only a refusal says it, so
 * Code.js reads the words from RareTexts.html then (src/core/rare-words.ts).
 */
function formatWords(format: string | undefined): string | undefined {
  return format ? (JSON.parse(rareWords.argumentFormats()) as Record<string, string>)[format] : undefined;
}

/** What a value of `rule` looks like, in a few words. */
function allowed(rule: JsonRule): string {
  const formatted = formatWords(rule.format);
  if (formatted) return formatted;
  if (rule.const !== undefined) return JSON.stringify(rule.const);
  if (rule.enum) {
    const names = rule.enum.map((item) => JSON.stringify(item));
    return names.length > 2 ? `one of ${names.join(', ')}` : names.join(' or ');
  }
  if (rule.anyOf) return rule.anyOf.map(allowed).join(' or ');
  if (rule.type === 'array') return rule.minItems ? 'a non-empty list' : 'a list';
  const type = rule.type ? (TYPE_NAMES[rule.type] ?? rule.type) : 'anything';
  if (rule.type === 'object' && rule.properties) return `${type} with ${Object.keys(rule.properties).join(', ')}`;
  if (rule.minimum === undefined && rule.maximum === undefined) return type;
  return rule.maximum === undefined
    ? `${type} from ${rule.minimum}`
    : `${type} from ${rule.minimum ?? '…'} to ${rule.maximum}`;
}

/**
 * The problem of a value none of `rule`'s options fit: the one option of its type says what is wrong inside (a
 * nullable object's missing field), unless the options share one description (a format).
 */
function choiceProblem(value: unknown, rule: JsonRule, path: string, root: JsonRule): string | null {
  const options = rule.anyOf ?? [];
  if (options.some((option) => !problem(value, option, path, root))) return null;
  let ofItsType = options.filter((option) => option.type !== undefined && fitsType(value, option.type));
  // Of several kinds of object, the one whose keys it has: a `{ formula }` cell is told what is wrong with its formula.
  if (ofItsType.length > 1 && isRecord(value))
    ofItsType = ofItsType.filter((option) => option.required?.every((key) => hasOwn(value, key)));
  return ofItsType.length === 1 && !rule.format ? problem(value, ofItsType[0], path, root) : wrong(path, rule, value);
}

function fitsType(value: unknown, type: string): boolean {
  if (type === 'null') return value === null;
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return isRecord(value);
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

const wrong = (path: string, rule: JsonRule, value: unknown) =>
  `${path} must be ${allowed(rule)} (got ${describeValue(value)})`;

/** The first problem of `value` against `rule` at `path`, or null. */
function problem(value: unknown, rule: JsonRule, path: string, root: JsonRule): string | null {
  if (rule.anyOf) return choiceProblem(value, rule, path, root);
  if (rule.const !== undefined && value !== rule.const) return wrong(path, rule, value);
  if (rule.enum && !rule.enum.includes(value)) return wrong(path, rule, value);
  if (rule.type && !fitsType(value, rule.type)) return typeProblem(value, rule, path);
  if (typeof value === 'number') return numberProblem(value, rule, path);
  if (typeof value === 'string' && !fitsText(value, rule)) return wrong(path, rule, value);
  // Half of a character (a UTF-16 surrogate without its pair): a cell would not keep it as sent.
  if (typeof value === 'string' && /\p{Cs}/u.test(value)) return filled(rareWords.halfCharacter(), { path });
  if (Array.isArray(value)) return listProblem(value, rule, path, root);
  if (isRecord(value)) return objectProblem(value, rule, path, root);
  return null;
}

/**
 * The patterns of the descriptor's text arguments and of the checker's own text formats (below), written here rather
 * than compiled from the table at run time, so the ReDoS check reads each one (test/core/redos.test.ts); argumentTable
 * refuses a pattern missing here.
 */
export const TEXT_PATTERNS: ReadonlyMap<string, RegExp> = new Map(
  [/^\s*\d+\s*$/, /^\d+:\S+$/].map((pattern) => [pattern.source, pattern]),
);

const [PHASE_TEXT, STAMP] = TEXT_PATTERNS.values();

/**
 * The text formats the checker reads itself (kept out of the MCP tool list, which shows only JSON Schema's own words):
 * a step, trimmed, as agents add spaces; a plan's stamp; where a task moves, a step or a phase number.
 */
const TEXT_FORMATS: Record<string, (text: string) => boolean> = {
  step: (text) => STEP_ID.test(text.trim()),
  stamp: (text) => STAMP.test(text),
  moveTarget: (text) => STEP_ID.test(text.trim()) || PHASE_TEXT.test(text),
};

function fitsText(value: string, rule: JsonRule): boolean {
  const format = rule.format === undefined ? undefined : TEXT_FORMATS[rule.format];
  if (format && !format(value)) return false;
  if (!rule.pattern) return true;
  const pattern = TEXT_PATTERNS.get(rule.pattern);
  if (!pattern) throw new Error(filled(rareWords.unknownArgumentPattern(), { pattern: rule.pattern }));
  return pattern.test(value);
}

function typeProblem(value: unknown, rule: JsonRule, path: string): string {
  // A step sent as a number has already lost its trailing zeros (1.10 arrives as 1.1): say so, not just "text".
  if (rule.format === 'step' && typeof value === 'number')
    return filled(rareWords.stepAsNumber(), { path, value: String(value) });
  return wrong(path, rule, value);
}

function numberProblem(value: number, rule: JsonRule, path: string): string | null {
  const tooSmall = rule.minimum !== undefined && value < rule.minimum;
  const tooBig = rule.maximum !== undefined && value > rule.maximum;
  return tooSmall || tooBig ? wrong(path, rule, value) : null;
}

function listProblem(value: unknown[], rule: JsonRule, path: string, root: JsonRule): string | null {
  if (rule.minItems !== undefined && value.length < rule.minItems)
    return `${path} must be ${allowed(rule)} (got ${value.length ? `${value.length} item(s)` : 'an empty list'})`;
  if (rule.maxItems !== undefined && value.length > rule.maxItems)
    return filled(rareWords.tooManyItems(), { path, count: String(value.length), most: String(rule.maxItems) });
  if (!rule.items) return null;
  for (let index = 0; index < value.length; index++) {
    const found = problem(value[index], rule.items, `${path}[${index}]`, root);
    if (found) return found;
  }
  return null;
}

/** `path.key`; the key alone at the root of a tool's input (whose path is ''). */
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function objectProblem(value: Record<string, unknown>, rule: JsonRule, path: string, root: JsonRule): string | null {
  const properties = rule.properties ?? {};
  // The keys sent first: a key the object does not take is most often a required one misnamed (`range` for `a1`), and
  // its refusal names the keys it takes, where "a1 is required" would leave the sender guessing what `range` was.
  for (const key of Object.keys(value)) {
    // Own keys only: `toString` or `__proto__` sent as a field is an unknown key, not Object.prototype's.
    if (hasOwn(properties, key)) {
      const found = value[key] === undefined ? null : problem(value[key], properties[key], join(path, key), root);
      if (found) return found;
    } else if (rule.additionalProperties === false) {
      return unknownKeyProblem(key, rule, path, root);
    }
  }
  for (const name of rule.required ?? []) {
    if (value[name] === undefined)
      return `${join(path, name)} is required${path ? `: ${path} must be ${allowed(rule)}` : ''}`;
  }
  return null;
}

/** An unknown key, by name: where it belongs when it is a field of another object of the argument, else what is. */
function unknownKeyProblem(key: string, rule: JsonRule, path: string, root: JsonRule): string {
  const names = Object.keys(rule.properties ?? {}).join(', ');
  const place = placeOf(key, root, rootPath(path), rule);
  if (!path) return `${key} is not an input of this tool; ${place ?? `its inputs are ${names}`}`;
  const what = rule.format ? `${path} must be ${allowed(rule)}` : `${path} takes ${names}`;
  return `${path}.${key} is not a field of ${path}; ${place ?? what}`;
}

const rootPath = (path: string) => path.split(/[.[]/)[0];

/**
 * Where `key` belongs when it is a field of another object of the same argument (the README's `spreadsheet` directly in
 * details goes in details.analysis): dropping it would lose it, so the refusal says where it goes.
 */
function placeOf(key: string, rule: JsonRule, path: string, except: JsonRule): string | null {
  const properties = rule.properties ?? {};
  if (rule !== except && hasOwn(properties, key)) return `it goes in ${join(path, key)}`;
  for (const [name, property] of Object.entries(properties)) {
    const found = placeOf(key, property, join(path, name), except);
    if (found) return found;
  }
  return null;
}

/**
 * What is wrong with an MCP tool call's input (an object of named inputs) against the tool's input (toolInput in
 * src/core/mcp/tool-calls.ts), or null: the same rules as a call's arguments, and an input the tool does not take is
 * refused by name.
 */
export function inputProblem(input: Record<string, unknown>, schema: JsonRule): string | null {
  return problem(input, { ...schema, additionalProperties: false }, '', schema);
}

/** What is wrong with a call's own arguments (request options after them are not checked here), or null. */
export function argumentsProblem(rules: readonly ArgumentRule[], args: readonly unknown[]): string | null {
  for (const [position, rule] of rules.entries()) {
    const value = args[position];
    if (value === undefined || (value === null && rule.optional)) {
      if (rule.optional) continue;
      return wrong(rule.name, rule.schema, value);
    }
    const found = problem(value, rule.schema, rule.name, rule.schema);
    if (found) return found;
  }
  return null;
}

/** Refuses a call whose arguments do not fit the descriptor, before anything is read or written. */
export function checkArguments(rules: readonly ArgumentRule[], args: readonly unknown[]): void {
  const found = argumentsProblem(rules, args);
  if (found) throw invalidArgument(found);
}
