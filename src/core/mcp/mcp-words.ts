/**
 * MCP's own words, rare words as src/core/rare-words.ts's are (Code.js reads them from RareTexts.html): a method the
 * server does not answer, a body that is not JSON or an empty batch, a message that is no object, not JSON-RPC 2.0,
 * whose method is no string or whose params are no object, a request whose id is null, a tools/call without a tool's
 * name, with arguments that are no object, or of no tool (./protocol.ts); get_plan where the plan cell holds none, and
 * what an answer adds when a change left the plan a draft (./tool-calls.ts); what an agent over MCP does instead of
 * getHistory and restoreRevision, which have no tool (./tool-words.ts).
 */
export const methodNotFound = () =>
  'Method not found: {method}. This server answers initialize, ping, tools/list and tools/call.';
export const notJson = () => 'Parse error: the body is not JSON ({detail})';
export const emptyBatch = () => 'Invalid Request: an empty batch';
export const notAnObject = () => 'each message must be a JSON object';
export const notJsonRpc = () => '"jsonrpc" must be "2.0"';
export const methodShape = () => '"method" must be a string';
export const paramsShape = () => '"params" must be an object';
export const nullId = () => '"id" must be a string or a number (MCP allows no null id)';
export const toolNameMissing = () => 'tools/call needs params.name, the tool to call';
export const toolArgumentsShape = () => 'tools/call params.arguments must be an object';
export const toolNotFound = () => 'MCP error -32602: Tool {name} not found; the tools are {tools}';
export const noPlanForTools = () => 'No plan in {cell}; call init_plan for a starter plan or create_plan to write one';
export const draftWaits = () =>
  "The plan is a draft now, waiting for the person's approval in the sidebar (Agent Plan → Open plan): tell them it " +
  'is ready, and wait for their approval before working on its tasks (get_plan shows their decision)';
export const historyWay = () => "the plan's History, which the person opens in the sidebar (ask them)";
export const restoreWay = () => "a restore the person makes in the sidebar's History (ask them)";
