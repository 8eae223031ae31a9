/**
 * Finds every regular expression in a set of source files, with the TypeScript compiler: regex
 * literals, `new RegExp(…)` / `RegExp(…)` with their pattern evaluated from constants (template
 * strings, `+`, constants imported from other files, `.source` of another pattern), and string
 * patterns given to `match`, `matchAll` and `search`. A pattern it cannot evaluate is reported as
 * such, so that no regular expression escapes the ReDoS check by being built at run time.
 */
import ts from 'typescript';

export interface FoundPattern {
  source: string;
  flags: string;
  /** `path:line` of the literal or constructor call. */
  where: string;
}

export interface Collection {
  patterns: FoundPattern[];
  /** Places where a pattern is built from something the collector cannot evaluate. */
  unreadable: string[];
}

type Value = { kind: 'string'; text: string } | { kind: 'regex'; source: string; flags: string };

class Unreadable extends Error {}

function regexLiteral(text: string): { source: string; flags: string } {
  const end = text.lastIndexOf('/');
  return { source: text.slice(1, end), flags: text.slice(end + 1) };
}

const OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  // Only the code's own constants are followed: no lib.d.ts, @types or imported package is read (a program of one small
  // file is made in 40 ms, not 2 s). MINIMAL_GLOBALS stands in for the standard library.
  noLib: true,
  types: [],
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
};

/**
 * What of the standard library the collector's one type question needs: whether a value given to match/search is a
 * RegExp (a regex taken from an array, a map or a record, say, which `evaluate` cannot follow), and the global types
 * the checker wants before it answers any question.
 */
const MINIMAL_GLOBALS_FILE = '/regex-collector-globals.d.ts';
const MINIMAL_GLOBALS = `
interface Array<T> { [n: number]: T; length: number }
interface ReadonlyArray<T> { readonly [n: number]: T; readonly length: number }
interface Boolean {}
interface Function {}
interface CallableFunction extends Function {}
interface NewableFunction extends Function {}
interface IArguments {}
interface Number {}
interface Object {}
interface RegExp { readonly source: string; readonly flags: string }
interface String {}
interface Map<K, V> { get(key: K): V | undefined }
interface ReadonlyMap<K, V> { get(key: K): V | undefined }
declare var Map: { new <K, V>(entries?: ReadonlyArray<readonly [K, V]>): Map<K, V> };
type Record<K extends keyof any, T> = { [P in K]: T };
type Readonly<T> = { readonly [P in keyof T]: T[P] };
type Partial<T> = { [P in keyof T]?: T[P] };
`;

/**
 * A compiler host that resolves relative imports only (a package's constants are never part of our patterns) and
 * serves MINIMAL_GLOBALS.
 */
function ownFilesHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === MINIMAL_GLOBALS_FILE
      ? ts.createSourceFile(fileName, MINIMAL_GLOBALS, language)
      : getSourceFile(fileName, language, ...rest);
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, options) =>
    literals.map((literal) => ({
      resolvedModule: literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containingFile, options, host).resolvedModule
        : undefined,
    }));
  return host;
}

export function collectPatterns(files: string[]): Collection {
  const program = ts.createProgram([MINIMAL_GLOBALS_FILE, ...files], OPTIONS, ownFilesHost());
  const checker = program.getTypeChecker();
  const collection: Collection = { patterns: [], unreadable: [] };
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${file.fileName}:${line + 1}`;
  };

  const evaluate = (node: ts.Expression, depth = 0): Value => {
    if (depth > 50) throw new Unreadable('too deep');
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return { kind: 'string', text: node.text };
    if (ts.isNumericLiteral(node)) return { kind: 'string', text: node.text };
    if (ts.isRegularExpressionLiteral(node)) return { kind: 'regex', ...regexLiteral(node.text) };
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      return evaluate(node.expression, depth + 1);
    }
    if (ts.isTemplateExpression(node)) {
      let text = node.head.text;
      for (const span of node.templateSpans) text += `${stringOf(span.expression, depth)}${span.literal.text}`;
      return { kind: 'string', text };
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return { kind: 'string', text: stringOf(node.left, depth) + stringOf(node.right, depth) };
    }
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      if (ts.isIdentifier(node.expression) && node.expression.text === 'RegExp' && node.arguments?.length) {
        const source = evaluate(node.arguments[0], depth + 1);
        const flags = node.arguments[1] ? stringOf(node.arguments[1], depth) : undefined;
        if (source.kind === 'regex') return { kind: 'regex', source: source.source, flags: flags ?? source.flags };
        return { kind: 'regex', source: source.text, flags: flags ?? '' };
      }
    }
    if (ts.isIdentifier(node)) return evaluate(initializerOf(node), depth + 1);
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      const object = node.expression;
      if (name === 'source' || name === 'flags') {
        const regex = evaluate(object, depth + 1);
        if (regex.kind === 'regex') return { kind: 'string', text: name === 'source' ? regex.source : regex.flags };
      }
      const target = ts.isIdentifier(object) ? initializerOf(object) : object;
      const literal = unwrap(target);
      if (ts.isObjectLiteralExpression(literal)) {
        for (const property of literal.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === name) {
            return evaluate(property.initializer, depth + 1);
          }
        }
      }
    }
    throw new Unreadable(node.getText());
  };

  const stringOf = (node: ts.Expression, depth: number): string => {
    const value = evaluate(node, depth + 1);
    if (value.kind !== 'string') throw new Unreadable(node.getText());
    return value.text;
  };

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node;

  /** The initializer of the `const` an identifier names, through imports. */
  const initializerOf = (identifier: ts.Identifier): ts.Expression => {
    let symbol = checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (
      !declaration ||
      !ts.isVariableDeclaration(declaration) ||
      !declaration.initializer ||
      !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)
    ) {
      throw new Unreadable(identifier.text);
    }
    return declaration.initializer;
  };

  const record = (node: ts.Expression, at: ts.Node) => {
    try {
      const value = evaluate(node);
      if (value.kind === 'regex')
        collection.patterns.push({ source: value.source, flags: value.flags, where: where(at) });
      else collection.patterns.push({ source: value.text, flags: '', where: where(at) });
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      collection.unreadable.push(`${where(at)}: ${at.getText().slice(0, 120)}`);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      collection.patterns.push({ ...regexLiteral(node.text), where: where(node) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      record(node, node);
      return; // its arguments are part of this pattern, not patterns of their own
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['match', 'matchAll', 'search'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      !ts.isRegularExpressionLiteral(node.arguments[0])
    ) {
      // A string given to match/search is compiled as a pattern; a regex constant was found where it is made.
      try {
        const value = evaluate(node.arguments[0]);
        if (value.kind === 'string') collection.patterns.push({ source: value.text, flags: '', where: where(node) });
      } catch (error) {
        if (!(error instanceof Unreadable)) throw error;
        const type = checker.getTypeAtLocation(node.arguments[0]);
        if (checker.typeToString(type) !== 'RegExp') {
          collection.unreadable.push(`${where(node)}: ${node.getText().slice(0, 120)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };

  for (const file of program.getSourceFiles()) {
    if (files.includes(file.fileName)) visit(file);
  }
  return collection;
}
