/**
 * The spreadsheet's side of one pooled execution: it hands the script's thread handles for the
 * execution's service objects and answers the calls made on them. Each call runs whole on this
 * thread, so a service call is atomic against the spreadsheet, as one request to Google's servers
 * is; calls of different executions interleave between calls, as they do in Google.
 */
import type { Execution } from '../execution';
import { isAppsScriptEnum, isEnumConstant } from '../runtime/enums';
import { PendingAnswer } from '../runtime/pending-answer';
import { isDateLike, isPlainObject } from '../runtime/value-kinds';
import { primitiveWire, type ScriptRequest, type ServiceReply, type Wire } from './wire';

/** Handles of objects, numbered from 1 in order of first appearance. */
class HandleTable {
  readonly #objects = new Map<number, object>();
  readonly #ids = new Map<object, number>();

  /** The object's handle, and whether this is its first appearance. */
  handle(object: object): { id: number; first: boolean } {
    const known = this.#ids.get(object);
    if (known !== undefined) return { id: known, first: false };
    const id = this.#ids.size + 1;
    this.#ids.set(object, id);
    this.#objects.set(id, object);
    return { id, first: true };
  }

  get(id: number): object | undefined {
    return this.#objects.get(id);
  }
}

/**
 * Enums are made once per process (runtime/enums.ts), so their handles are too: a script's thread
 * keeps its stand-ins across executions, and `e.authMode === ScriptApp.AuthMode.LIMITED` holds.
 */
const enumHandles = new HandleTable();

type Method = (...args: unknown[]) => unknown;

export class ServiceBridge {
  readonly #services = new HandleTable();

  constructor(private readonly execution: Execution) {}

  /** The globals the script sees, as handles; console is rebuilt on the script's side. */
  globals(): Array<[string, Wire]> {
    return Object.entries(this.execution.globals)
      .filter(([name]) => name !== 'console')
      .map(([name, service]) => [name, this.encode(service)]);
  }

  /** Runs one request of the script; a call that must wait (a lock, a sleep) answers once it is over. */
  async answer(request: ScriptRequest): Promise<ServiceReply> {
    try {
      if (request.op === 'console') {
        this.execution.globals.console[request.level](request.message);
        return { value: undefined };
      }
      const target = this.#services.get(request.target) as Record<string, unknown> | undefined;
      const method = target?.[request.method];
      if (typeof method !== 'function') {
        throw new TypeError(`${String(target)}.${request.method} is not a function`);
      }
      let result = (method as Method)(...request.args.map((arg) => this.decode(arg)));
      if (result instanceof PendingAnswer) result = await result.settled;
      return { value: this.encode(result) };
    } catch (error) {
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      return { error: { name, message } };
    }
  }

  encode(value: unknown): Wire {
    const primitive = primitiveWire(value);
    if (primitive) return primitive.wire;
    if (typeof value !== 'object' || value === null) {
      throw new TypeError(`A service answered a ${typeof value}, which cannot reach the script`);
    }
    if (this.execution.isServiceObject(value)) return this.#encodeService(value);
    // Enums travel whole every time: each script thread keeps its own stand-ins, made on first sight.
    if (isEnumConstant(value)) {
      return { t: 'constant', id: enumHandles.handle(value).id, name: value.name(), ordinal: value.ordinal() };
    }
    if (isAppsScriptEnum(value)) {
      const constants = Object.entries(value).map(([name, item]) => [name, this.encode(item)] as const);
      return { t: 'enum', id: enumHandles.handle(value).id, constants };
    }
    if (isDateLike(value)) return { t: 'date', ms: value.getTime() };
    if (Array.isArray(value)) return { t: 'array', items: value.map((item: unknown) => this.encode(item)) };
    if (isPlainObject(value)) {
      return { t: 'record', entries: Object.entries(value).map(([key, item]) => [key, this.encode(item)]) };
    }
    throw new TypeError(`A service answered an object the emulator cannot hand to the script: ${String(value)}`);
  }

  decode(wire: Wire): unknown {
    if (typeof wire !== 'object' || wire === null) return wire;
    switch (wire.t) {
      case 'date':
        return new Date(wire.ms);
      case 'array':
        return wire.items.map((item) => this.decode(item));
      case 'record':
        return Object.fromEntries(wire.entries.map(([key, item]) => [key, this.decode(item)]));
      case 'service':
        return this.#known(this.#services, wire.id, 'service object');
      case 'constant':
      case 'enum':
        return this.#known(enumHandles, wire.id, 'enum value');
      case 'function':
        // The services check their arguments' types: a function is refused with Google's message.
        return function scriptFunction() {};
    }
  }

  #encodeService(service: object): Wire {
    const { id, first } = this.#services.handle(service);
    if (!first) return { t: 'service', id };
    const entries = Object.entries(service);
    return {
      t: 'service',
      id,
      shape: {
        kind: String(service),
        methods: entries.filter(([, member]) => typeof member === 'function').map(([name]) => name),
        fields: entries.filter(([, member]) => typeof member !== 'function').map(([name, v]) => [name, this.encode(v)]),
      },
    };
  }

  #known(table: HandleTable, id: number, what: string): object {
    const object = table.get(id);
    if (!object) throw new TypeError(`The script passed an unknown ${what} (#${id})`);
    return object;
  }
}
