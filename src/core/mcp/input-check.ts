/**
 * A tool call's arguments against the tool's input schema, where zod is not at hand (the web app's bundle): the part
 * of JSON Schema our tool list uses (type, enum, const, properties, required, items, minItems, anyOf, minimum,
 * maximum). Unknown keys are ignored, as the stdio server's zod objects ignore them. The stdio server checks the same
 * calls with the zod schemas the list is made from; test/mcp keeps the two in step.
 */
type Schema = Record<string, unknown>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fitsType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const at = (path: string) => (path ? ` at ${path}` : '');

/** The first problem of `value` against `schema`, or null. */
function problem(value: unknown, schema: Schema, path: string): string | null {
  if (Array.isArray(schema.anyOf)) {
    const fits = (schema.anyOf as Schema[]).some((option) => problem(value, option, path) === null);
    return fits ? null : `Invalid input${at(path)}: ${JSON.stringify(value)} fits none of the allowed shapes`;
  }
  if (schema.const !== undefined && value !== schema.const)
    return `Invalid input${at(path)}: expected ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    return `Invalid option${at(path)}: expected one of ${schema.enum.map((item) => JSON.stringify(item)).join('|')}`;
  if (typeof schema.type === 'string' && !fitsType(value, schema.type))
    return `Invalid input${at(path)}: expected ${schema.type}, received ${typeOf(value)}`;
  if (typeof value === 'number') return numberProblem(value, schema, path);
  if (Array.isArray(value)) return arrayProblem(value, schema, path);
  if (typeOf(value) === 'object') return objectProblem(value as Record<string, unknown>, schema, path);
  return null;
}

function numberProblem(value: number, schema: Schema, path: string): string | null {
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    return `Too small${at(path)}: expected at least ${schema.minimum}`;
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    return `Too big${at(path)}: expected at most ${schema.maximum}`;
  return null;
}

function arrayProblem(value: unknown[], schema: Schema, path: string): string | null {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    return `Too small${at(path)}: expected at least ${schema.minItems} item(s)`;
  if (typeof schema.items !== 'object' || schema.items === null) return null;
  for (let index = 0; index < value.length; index++) {
    const found = problem(value[index], schema.items as Schema, `${path}[${index}]`);
    if (found) return found;
  }
  return null;
}

function objectProblem(value: Record<string, unknown>, schema: Schema, path: string): string | null {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required ?? []) as string[]) {
    if (value[name] === undefined) return `Invalid input${at(path ? `${path}.${name}` : name)}: required`;
  }
  for (const [name, property] of Object.entries(properties)) {
    if (value[name] === undefined) continue;
    const found = problem(value[name], property, path ? `${path}.${name}` : name);
    if (found) return found;
  }
  return null;
}

/** What is wrong with a tool call's arguments, in one line, or null when they fit the input schema. */
export function inputProblem(args: Record<string, unknown>, inputSchema: Schema): string | null {
  return problem(args, inputSchema, '');
}
