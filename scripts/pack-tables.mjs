/**
 * The descriptor's tables (argument rules, the MCP tool list, where request options go) as the bundle carries them,
 * a third smaller: JSON texts in which
 *  - an object whose keys recur in that order (an argument's name, optional, schema; a tool's name, description,
 *    inputSchema…) is written as an array of its values after its shape, `["~sN", …values]`, the keys once in a list
 *    of shapes;
 *  - every part that recurs (the `token` and `step` arguments, a tool's output schema…) is written once, in a list of
 *    shared parts, and named elsewhere by a reference `"~N"` (the Nth shared part).
 * src/apps-script/descriptor-tables.ts reads them back (parsePacked), as unpack below does.
 */

/**
 * The mark of a reference and of a shape; no string of the tables may start with it (checked). ASCII: one byte in
 * UTF-8 where `§` took two, a byte less for each of the tables' 360-odd marks.
 */
const MARK = '~';
const REFERENCE = /^~\d+$/;
const SHAPE = /^~s\d+$/;

function* parts(value) {
  if (!value || typeof value !== 'object') return;
  yield value;
  for (const inner of Object.values(value)) yield* parts(inner);
}

function requireNoReferenceLike(value) {
  const walk = (item) => {
    if (typeof item === 'string' && item.startsWith(MARK))
      throw new Error(`The descriptor's tables hold "${item}", which reads as packed (scripts/pack-tables.mjs)`);
    if (item && typeof item === 'object') Object.values(item).forEach(walk);
  };
  walk(value);
}

/** The recurring part whose sharing saves the most characters, or undefined when none saves any. */
function mostRepeated(root) {
  const counts = new Map();
  for (const part of parts(root)) {
    if (part === root) continue;
    const text = JSON.stringify(part);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  let best;
  let bestSaving = 0;
  for (const [text, count] of counts) {
    // Each use becomes a reference of about 5 characters; the part is written once more, in the shared list.
    const saving = (text.length - 5) * count - text.length - 3;
    if (count > 1 && saving > bestSaving) [best, bestSaving] = [text, saving];
  }
  return best;
}

const isObject = (value) => value && typeof value === 'object' && !Array.isArray(value);

/** The key orders of two keys or more that three objects or more have, each as its list of keys. */
function recurringShapes(tables) {
  const counts = new Map();
  for (const part of parts(tables)) {
    if (!isObject(part) || Object.keys(part).length < 2) continue;
    const keys = JSON.stringify(Object.keys(part));
    counts.set(keys, (counts.get(keys) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= 3).map(([keys]) => JSON.parse(keys));
}

/** `value` with each object of a recurring shape written as `["~sN", …values]`. */
function withShapes(value, shapes) {
  const index = new Map(shapes.map((keys, number) => [JSON.stringify(keys), number]));
  return JSON.parse(JSON.stringify(value), (_key, item) => {
    const number = isObject(item) ? index.get(JSON.stringify(Object.keys(item))) : undefined;
    return number === undefined ? item : [`${MARK}s${number}`, ...Object.values(item)];
  });
}

/**
 * `tables` (name → JSON value) packed: `shapes`, the JSON text of the list of shapes; `shared`, the JSON texts of the
 * shared parts (which may name earlier ones); and `texts`, name → the JSON text of each table.
 */
export function packTables(tables) {
  requireNoReferenceLike(tables);
  const shapes = recurringShapes(tables);
  const shared = [];
  let root = { tables: withShapes(tables, shapes), shared: [] };
  for (let text = mostRepeated(root); text !== undefined; text = mostRepeated(root)) {
    const reference = `${MARK}${shared.length}`;
    root = JSON.parse(JSON.stringify(root), (_key, value) =>
      value && typeof value === 'object' && JSON.stringify(value) === text ? reference : value,
    );
    root.shared.push(JSON.parse(text));
    shared.push(text);
  }
  return {
    shapes: JSON.stringify(shapes),
    shared: root.shared.map((part) => JSON.stringify(part)),
    texts: Object.fromEntries(Object.entries(root.tables).map(([name, value]) => [name, JSON.stringify(value)])),
  };
}

/** What descriptor-tables.ts does at run time, for the build's own check that packing changed nothing. */
export function unpack(text, shared, shapes) {
  return JSON.parse(text, (_key, value) => {
    if (typeof value === 'string' && REFERENCE.test(value))
      return unpack(shared[Number(value.slice(1))], shared, shapes);
    if (!Array.isArray(value) || typeof value[0] !== 'string' || !SHAPE.test(value[0])) return value;
    const keys = shapes[Number(value[0].slice(2))];
    return Object.fromEntries(keys.map((key, number) => [key, value[number + 1]]));
  });
}
