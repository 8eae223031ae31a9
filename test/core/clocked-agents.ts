/**
 * A saved plan whose spreadsheet clock a test moves (`store.minutes`), with the agents and the person that call it:
 * what the claims tests play on (a claim's lease runs on that clock).
 */
import type { PlanStore } from '../../src/core';
import { PlanManager } from './plan-manager';
import { savedPlan, type MemoryStore } from './memory-store';

export type ClockedStore = MemoryStore & { minutes: number };

/** `text` saved, its wall clock at 2026-03-14 09:00 UTC plus `minutes`. */
export function clockedStore(text: string): ClockedStore {
  const store = Object.assign(savedPlan(text), { minutes: 0 });
  const clock = store.clock as { wallClock?: (minutes: number) => string };
  clock.wallClock = (minutes: number) =>
    new Date(Date.UTC(2026, 2, 14, 9, store.minutes + minutes)).toISOString().slice(0, 16).replace('T', ' ');
  return store;
}

export const agent = (store: PlanStore, name: string) => new PlanManager(store, { source: `agent:${name}` });
export const person = (store: PlanStore) => new PlanManager(store, { source: 'sidebar', byPerson: true });
