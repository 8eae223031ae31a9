/**
 * Agents as the guard and claims tests play them: keyed-agents.ts's MCP clients (doPost with a key the person made),
 * with the key alone for an agent and the spreadsheet's clock as a function of minutes.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { connectAgent as connect, tool as callTool } from './keyed-agents';

export { deployed, refused } from './keyed-agents';

/** 14:00 on 2026-11-26 in the spreadsheet's time zone (the emulator's default, New York: UTC-5), plus `minutes`. */
export const at = (minutes: number) => () => new Date(Date.UTC(2026, 10, 26, 19, minutes));

/** A key the person made in the sidebar for an agent named `name`. */
export function connectAgent(spreadsheet: EmulatedSpreadsheet, token: string, name: string): string {
  return connect(spreadsheet, token, name).key;
}

/** One MCP tool call through doPost with the agent's key, at `now`; the tool's text, or throws the tool's error. */
export function tool(
  spreadsheet: EmulatedSpreadsheet,
  key: string,
  name: string,
  args: Record<string, unknown>,
  now = at(0),
): string {
  return callTool(spreadsheet, key, name, args, { now });
}
