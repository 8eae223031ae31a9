/**
 * Request ids on MCP tool calls, pure, for the relay and the stdio bridge.
 *
 * Google runs the script before it answers the POST with its redirect: if the GET of the one-use URL then fails, the
 * change is made but its answer lost, and a plain retry would make it twice. The web app applies a tool call that
 * carries a request id once however often it comes (src/core/write-path/request-ids.ts; the id travels in
 * `params._meta["sheet-plan/requestId"]`), so whoever forwards calls gives each tools/call one before the first try
 * and sends the same body again on a retry. Reads ignore it; a caller's own id is kept.
 */

import { REQUEST_ID_META } from '../../src/core/mcp/protocol';

export { REQUEST_ID_META };

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withRequestId(message: unknown, newId: () => string): { message: unknown; changed: boolean } {
  if (!isRecord(message) || message.method !== 'tools/call' || !('id' in message)) return { message, changed: false };
  const params = message.params ?? {};
  if (!isRecord(params)) return { message, changed: false };
  const meta = params._meta ?? {};
  if (!isRecord(meta) || REQUEST_ID_META in meta) return { message, changed: false };
  return {
    message: { ...message, params: { ...params, _meta: { ...meta, [REQUEST_ID_META]: newId() } } },
    changed: true,
  };
}

/**
 * The POST body with a request id on every tools/call that has none (one message or a batch). A body that is not
 * JSON, or has no such call, is answered as it came: the web app answers it.
 */
export function withRequestIds(body: string, newId: () => string = () => crypto.randomUUID()): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const results = (Array.isArray(parsed) ? parsed : [parsed]).map((message) => withRequestId(message, newId));
  if (!results.some((result) => result.changed)) return body;
  const messages = results.map((result) => result.message);
  return JSON.stringify(Array.isArray(parsed) ? messages : messages[0]);
}
