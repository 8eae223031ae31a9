/** The request ids the relay and the stdio bridge give tool calls before forwarding them (src/web/forwarding.ts). */
import { REQUEST_ID_META } from '../../src/core/mcp/protocol';
import { withRequestIds } from '../../src/web/forwarding';

const ids = () => {
  let next = 0;
  return () => `id-${++next}`;
};
const call = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'start_task', arguments: { step: '1.1' }, ...(meta ? { _meta: meta } : {}) },
});

test('every tools/call of a body gets its own id in _meta, beside what _meta held; a caller’s own id is kept', () => {
  const body = JSON.stringify([
    call(1),
    call(2, { progressToken: 7 }),
    call(3, { [REQUEST_ID_META]: 'mine-0001' }),
    { jsonrpc: '2.0', id: 4, method: 'tools/list' },
  ]);
  expect(JSON.parse(withRequestIds(body, ids()))).toEqual([
    call(1, { [REQUEST_ID_META]: 'id-1' }),
    call(2, { progressToken: 7, [REQUEST_ID_META]: 'id-2' }),
    call(3, { [REQUEST_ID_META]: 'mine-0001' }),
    { jsonrpc: '2.0', id: 4, method: 'tools/list' },
  ]);
});

test('a body without tool calls, a notification, or one that is not JSON goes on as it came', () => {
  for (const body of [
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"start_task"}}',
    '{"jsonrpc":"2.0",',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}',
  ])
    expect(withRequestIds(body, ids())).toBe(body);
});

test('ids made by default are UUIDs, which the web app accepts (8 to 64 letters, digits, - or _)', () => {
  const sent = JSON.parse(withRequestIds(JSON.stringify(call(1))));
  expect(sent.params._meta[REQUEST_ID_META]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});
