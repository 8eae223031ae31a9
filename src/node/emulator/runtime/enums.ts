/**
 * Apps Script enums (`ui.Button.OK`, `ScriptApp.AuthMode.NONE`, …) are objects, not strings:
 * `String(value)` and `value.name()` give the constant's name, and scripts compare them by
 * identity. Each enum is created once per process, so values from different executions compare
 * equal too.
 */

const ENUM_BRAND = Symbol('apps-script-enum');
const constantsMade = new WeakSet<object>();

export interface EnumValue<Name extends string = string> {
  name(): Name;
  ordinal(): number;
  toString(): Name;
  toJSON(): Name;
}

export type AppsScriptEnum<Name extends string> = { readonly [K in Name]: EnumValue<K> };

export function createEnum<const Names extends readonly string[]>(names: Names): AppsScriptEnum<Names[number]> {
  const constants: Record<string, EnumValue> = {};
  names.forEach((name, ordinal) => {
    const constant = Object.freeze({
      name: () => name,
      ordinal: () => ordinal,
      toString: () => name,
      toJSON: () => name,
    });
    constantsMade.add(constant);
    constants[name] = constant;
  });
  Object.defineProperty(constants, ENUM_BRAND, { value: true });
  return Object.freeze(constants) as AppsScriptEnum<Names[number]>;
}

/** Whether a value is an enum made by createEnum: those are the only fields services expose. */
export function isAppsScriptEnum(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ENUM_BRAND in value;
}

/** Whether a value is one constant of an enum made by createEnum (`Button.OK`). */
export function isEnumConstant(value: unknown): value is EnumValue {
  return typeof value === 'object' && value !== null && constantsMade.has(value);
}

/** The constant of `appsScriptEnum` that `value` is, if any (identity, as Apps Script compares). */
export function enumConstantName<Name extends string>(
  appsScriptEnum: AppsScriptEnum<Name>,
  value: unknown,
): Name | undefined {
  return (Object.keys(appsScriptEnum) as Name[]).find((name) => appsScriptEnum[name] === value);
}
