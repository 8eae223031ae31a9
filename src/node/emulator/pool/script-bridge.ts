/**
 * The script's side of one pooled execution: stand-ins for the service objects, whose methods send
 * the call to the spreadsheet's thread and block until it answers. Values arrive made with the
 * script realm's constructors, as in-process executions give them (runtime/realm.ts).
 */
import { hostRealm, newArray, newRecord, type Realm } from '../runtime/realm';
import { isDateLike } from '../runtime/value-kinds';
import { primitiveWire, type ScriptRequest, type ServiceReply, type ServiceShape, type Wire } from './wire';

export type SendRequest = (request: ScriptRequest) => ServiceReply;

/** Enum stand-ins outlive executions, as the enums they stand for do (see service-bridge.ts). */
const enumStandIns = new Map<number, object>();
const enumIds = new WeakMap<object, number>();

export class ScriptBridge {
  /** Set once the script's context exists; service calls only happen after that. */
  realm: Realm = hostRealm;
  readonly #services = new Map<number, object>();
  readonly #serviceIds = new WeakMap<object, number>();
  readonly #kinds = new Map<number, string>();

  constructor(private readonly send: SendRequest) {}

  decode(wire: Wire): unknown {
    if (typeof wire !== 'object' || wire === null) return wire;
    switch (wire.t) {
      case 'date':
        return new this.realm.Date(wire.ms);
      case 'array':
        return newArray(
          this.realm,
          wire.items.map((item) => this.decode(item)),
        );
      case 'record':
        return newRecord(
          this.realm,
          wire.entries.map(([key, item]) => [key, this.decode(item)] as const),
        );
      case 'service':
        return this.#service(wire.id, wire.shape);
      case 'constant':
        return this.#enumStandIn(wire.id, () => enumConstant(wire.name ?? '', wire.ordinal ?? 0));
      case 'enum':
        return this.#enumStandIn(wire.id, () =>
          Object.freeze(Object.fromEntries((wire.constants ?? []).map(([name, item]) => [name, this.decode(item)]))),
        );
      case 'function':
        return function serviceFunction() {};
    }
  }

  encode(value: unknown, ancestors = new Set<object>()): Wire {
    const primitive = primitiveWire(value);
    if (primitive) return primitive.wire;
    if (typeof value !== 'object' || value === null) return String(value);
    const serviceId = this.#serviceIds.get(value);
    if (serviceId !== undefined) return { t: 'service', id: serviceId };
    const enumId = enumIds.get(value);
    if (enumId !== undefined) return { t: 'constant', id: enumId };
    if (isDateLike(value)) return { t: 'date', ms: value.getTime() };
    if (ancestors.has(value)) throw new this.realm.Error('Converting circular structure to a service argument');
    ancestors.add(value);
    try {
      if (Array.isArray(value))
        return { t: 'array', items: value.map((item: unknown) => this.encode(item, ancestors)) };
      return {
        t: 'record',
        entries: Object.entries(value).map(([key, item]) => [key, this.encode(item, ancestors)] as const),
      };
    } finally {
      ancestors.delete(value);
    }
  }

  /** One stand-in per handle, so a service object the script gets twice is the same object. */
  #service(id: number, shape: ServiceShape | undefined): object {
    const known = this.#services.get(id);
    if (known) return known;
    if (!shape) throw new Error(`Service object #${id} arrived without its shape`);
    const standIn: Record<string, unknown> = {};
    for (const method of shape.methods) {
      standIn[method] = (...args: unknown[]): unknown => this.#call(id, method, args);
    }
    for (const [name, field] of shape.fields) standIn[name] = this.decode(field);
    Object.defineProperty(standIn, 'toString', { value: () => shape.kind, enumerable: false });
    this.#services.set(id, standIn);
    this.#serviceIds.set(standIn, id);
    this.#kinds.set(id, shape.kind);
    return standIn;
  }

  /** The Apps Script class of service object `id` (`Range`, `Utilities`…), once it has arrived. */
  kindOf(id: number): string | undefined {
    return this.#kinds.get(id);
  }

  #call(target: number, method: string, args: unknown[]): unknown {
    const reply = this.send({ op: 'call', target, method, args: args.map((arg) => this.encode(arg)) });
    if ('error' in reply) {
      const error = new this.realm.Error(reply.error.message);
      error.name = reply.error.name;
      throw error;
    }
    return this.decode(reply.value);
  }

  #enumStandIn(id: number, make: () => object): object {
    let standIn = enumStandIns.get(id);
    if (!standIn) {
      standIn = make();
      enumStandIns.set(id, standIn);
      enumIds.set(standIn, id);
    }
    return standIn;
  }
}

/** The stand-in of an enum constant: what runtime/enums.ts gives a constant, answered on this side. */
function enumConstant(name: string, ordinal: number): object {
  return Object.freeze({
    name: () => name,
    ordinal: () => ordinal,
    toString: () => name,
    toJSON: () => name,
  });
}
