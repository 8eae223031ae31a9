/**
 * The functions Apps Script can call in a script file: only top-level `function` declarations.
 * A function merely assigned to a global (`globalThis.f = …`, `var f = function () {}`) is not
 * offered to menus, triggers, google.script.run or scripts.run, so it must not be here either.
 */
import vm from 'node:vm';

/** Called by the listing script before any statement of the file runs; its name is unlikely in a script. */
const PROBE = '__sheetPlanListDeclaredFunctions__';

/**
 * JavaScript binds every top-level function declaration before the first statement runs, and nothing
 * else yet: a `var` is still undefined, an assignment has not happened, a function in a block is not
 * hoisted to a value. So the file is compiled with a call in front of its first statement, in an empty
 * context; that call reads the global object's own enumerable functions (built-ins are not enumerable)
 * and throws, so none of the file's own code ever runs. A syntax error in the file is thrown as it is.
 */
export function topLevelFunctionNames(source: string, fileName: string): Set<string> {
  const stop = new Error('listed');
  let names: string[] | undefined;
  const sandbox = {};
  Object.defineProperty(sandbox, PROBE, {
    value: (global: object) => {
      names = Object.getOwnPropertyNames(global).filter((name) => {
        const descriptor = Object.getOwnPropertyDescriptor(global, name);
        return name !== PROBE && descriptor?.enumerable === true && typeof descriptor.value === 'function';
      });
      throw stop;
    },
  });
  try {
    // On the file's first line, so that a syntax error keeps its line number.
    vm.runInContext(`${PROBE}(this);${source}`, vm.createContext(sandbox), { filename: fileName });
  } catch (error) {
    if (error !== stop) throw error;
  }
  if (!names) throw new Error(`${fileName} was not listed`);
  return new Set(names);
}

/** Functions whose names end in `_` are private: Apps Script hides them from every caller. */
export function isPrivateFunctionName(name: string): boolean {
  return name.endsWith('_');
}
