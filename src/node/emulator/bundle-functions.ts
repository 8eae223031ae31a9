/**
 * The functions Apps Script can call in a script file: only top-level `function` declarations.
 * A function merely assigned to a global (`globalThis.f = …`, `var f = function () {}`) is not
 * offered to menus, triggers, google.script.run or scripts.run, so it must not be here either.
 */
import ts from 'typescript';

export function topLevelFunctionNames(source: string, fileName: string): Set<string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) names.add(statement.name.text);
  }
  return names;
}

/** Functions whose names end in `_` are private: Apps Script hides them from every caller. */
export function isPrivateFunctionName(name: string): boolean {
  return name.endsWith('_');
}
