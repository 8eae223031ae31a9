/**
 * Errors a script can catch. Emulated services throw `ServiceError`; the execution turns it into
 * an Error of the script's own realm on the way out (see execution-scope.ts), so scripts see what
 * Apps Script gives them: `e instanceof Error`, `e.message` as Google words it.
 */
export class ServiceError extends Error {}

/**
 * Google's wording when arguments fit none of a method's overloads, e.g.
 * "The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues."
 */
export function signatureMismatch(qualifiedMethod: string, args: readonly unknown[]): ServiceError {
  return new ServiceError(
    `The parameters (${args.map(appsScriptTypeName).join(',')}) don't match the method signature for ` +
      `${qualifiedMethod}.`,
  );
}

/** How Apps Script names a value's type in its error messages. */
export function appsScriptTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    return value.length === 0 ? 'Object[]' : `${appsScriptTypeName(first)}[]`;
  }
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'number':
      return 'number';
    case 'boolean':
      return 'Boolean';
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'Function';
    default:
      return Object.prototype.toString.call(value) === '[object Date]' ? 'Date' : 'Object';
  }
}
