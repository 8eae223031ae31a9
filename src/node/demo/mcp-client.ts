/**
 * The demo agent's calls made as an MCP client would make them: the MCP tools of Sheet Plan's web app, by URL
 * (`…/macros/s/local/exec?key=…`), posted as MCP's Streamable HTTP transport posts them (JSON-RPC, Google's redirect
 * followed as the stdio bridge follows it). What the scripted agent reads of
 * PlanClient's answers is rebuilt from the tools' answers (the plan from get_plan's Markdown, parsed here), and a
 * tool's isError answer becomes the PlanClientError the agent already handles.
 */
import { parseErrorMessage } from '../../core/errors';
import { LATEST_PROTOCOL_VERSION } from '../../core/mcp/protocol';
import { parsePlan } from '../../core/format/parse';
import type { PhaseInput, PlanDetails } from '../../core/format/types';
import { PlanClientError } from '../client/errors';
import { postToWebApp } from '../../web/forwarding';
import type { DemoOptions } from './agent';

type DemoClient = DemoOptions['client'];
type Answer = Record<string, unknown>;

/** JSON-RPC over the web app, as an MCP client posts it (stateless: no session to keep). */
async function rpc(url: string, id: number, method: string, params: Answer): Promise<Answer> {
  const text = await postToWebApp(url, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  const answer = JSON.parse(text) as { result?: Answer; error?: { code: number; message: string } };
  if (answer.error) throw new Error(`${method} failed: ${answer.error.message} (${answer.error.code})`);
  return answer.result ?? {};
}

export class McpDemoClient implements DemoClient {
  private nextId = 2;

  private constructor(private readonly url: string) {}

  /**
   * Connects to the web app at `url` as an MCP client does: initialize, then the initialized notification. Google's
   * answer to a POST is a 302 to a one-use URL read with GET, which the bridge's poster follows (docs/agents.md).
   */
  static async connect(url: string): Promise<McpDemoClient> {
    await rpc(url, 1, 'initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'sheet-plan-demo', version: '1.0.0' },
    });
    await postToWebApp(url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return new McpDemoClient(url);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private async tool(name: string, args: Answer = {}): Promise<Answer> {
    const result = (await rpc(this.url, this.nextId++, 'tools/call', { name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: Answer;
      content: Array<{ text?: string }>;
    };
    if (!result.isError) return result.structuredContent ?? {};
    const message = result.content[0]?.text ?? `${name} failed`;
    const parsed = parseErrorMessage(message);
    throw new PlanClientError(parsed?.code ?? 'SERVICE_ERROR', message, { functionName: name, detail: parsed?.detail });
  }

  /**
   * The whole plan, parsed from get_plan's Markdown, with whether it waits for the person's approval (what waits for
   * them, in its attention).
   */
  getPlan = (async () => {
    const compact = await this.tool('get_plan').catch((error: unknown) => {
      if (error instanceof PlanClientError && error.code === 'NO_PLAN') return null;
      throw error;
    });
    if (!compact) return null;
    const full = await this.tool('get_plan', { view: 'full' });
    const plan = parsePlan(full.markdown as string);
    const { waitingForPerson } = compact.attention as { waitingForPerson: Array<{ what: string }> };
    const waitingForApproval = waitingForPerson.some((item) => item.what === 'approval');
    return { ...plan, revision: full.revision, waitingForApproval };
  }) as unknown as DemoClient['getPlan'];

  createPlan = (async (title: string, goal: string, phases: PhaseInput[], details?: PlanDetails) => {
    await this.tool('create_plan', { title, goal, phases, ...details });
    return this.getPlan();
  }) as unknown as DemoClient['createPlan'];

  startNextTask = (async () => {
    const next = await this.tool('get_next_task');
    return next.step ? this.tool('start_task', { step: next.step }) : null;
  }) as unknown as DemoClient['startNextTask'];

  startTask = ((step: string) => this.tool('start_task', { step })) as unknown as DemoClient['startTask'];
  completeTask = ((step: string) => this.tool('complete_task', { step })) as unknown as DemoClient['completeTask'];
  reviewTask = ((step: string, note: string) =>
    this.tool('review_task', { step, note })) as unknown as DemoClient['reviewTask'];
  blockTask = ((step: string, reason: string) =>
    this.tool('block_task', { step, reason })) as unknown as DemoClient['blockTask'];

  advanceTask = (async (step: string) => {
    const started = await this.tool('advance_task', { step });
    return started.step ? started : null;
  }) as unknown as DemoClient['advanceTask'];

  /** A task added at the end of a phase, and the plan's status after it (re-planning makes a plan a draft again). */
  addTask = (async (phase: number, title: string) => {
    const { tasks, planStatus } = await this.tool('apply_commands', {
      commands: [{ action: 'add', phase, text: title }],
    });
    return { ...(tasks as Answer[])[0], planStatus };
  }) as unknown as DemoClient['addTask'];

  finishPlan = (async (summary: string) => {
    const plan = (await this.getPlan()) as { title: string } | null;
    const finished = await this.tool('finish_plan', { summary });
    return { ...finished, title: plan?.title };
  }) as unknown as DemoClient['finishPlan'];

  replacePlan = ((markdown: string, base: number | string) =>
    this.tool('replace_plan', { markdown, base })) as unknown as DemoClient['replacePlan'];

  listPlans = (async () => (await this.tool('list_plans')).plans) as unknown as DemoClient['listPlans'];
  readRange = ((a1: string) => this.tool('read_range', { a1 })) as unknown as DemoClient['readRange'];
  writeRange = ((a1: string, values: unknown[][], step: string) =>
    this.tool('write_range', { a1, values, step })) as unknown as DemoClient['writeRange'];
  getWriteLog = (async (limit?: number) =>
    (await this.tool('get_write_log', limit === undefined ? {} : { limit }))
      .entries) as unknown as DemoClient['getWriteLog'];
}
