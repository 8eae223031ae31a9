/**
 * What waits for the person and since when, and what the person decided since the agent's last change: told to an
 * agent in getPlan (and the compact view), so that one resuming after a context loss knows without asking.
 *
 * What waits is read from the plan itself (tasks in review, open questions, a draft awaiting approval); since when,
 * and the person's decisions, are kept in the revision record beside the plan (`attention`), updated by every write
 * from the plans before and after it: the same one write, no other service call.
 */
import { waitsForPerson } from '../format/statuses';
import { ownValue } from '../own-keys';
import { shorten } from '../text';
import { allTasks } from '../format/plan-tasks';
import type { Plan } from '../format/types';
import type { PlanRecord } from '../write-path/revision';
import { waitingSourceOfPlan, whatWaitsForPerson } from './waiting';

/** One thing waiting for the person. */
export interface Waiting {
  what: 'review' | 'question' | 'approval';
  /** The task in review. */
  step?: string;
  /** The task's title, the question's text, or the plan's title. */
  text: string;
  /** The agent's review note. */
  note?: string;
  /** When it started waiting (ISO); absent when that was before Sheet Plan kept it. */
  since?: string;
}

/** One decision of the person's. */
export interface Decision {
  what: 'review' | 'answer' | 'plan';
  step?: string;
  /** The task's title, the question, or the plan's title. */
  text: string;
  /** What the person decided: `approved: looks right`, the answer, `approved`, `draft — changes requested: …`. */
  decided: string;
  at: string;
  revision: number;
}

/** What the revision record keeps. */
export interface AttentionRecord {
  /** When each waiting item started waiting, by its key. */
  since: Record<string, string>;
  /** The person's latest decisions, oldest first. */
  decisions: Decision[];
  /**
   * The revision of each agent's last change, by the name its changes are recorded under: each agent is told the
   * decisions made since its own (another's change does not hide them). An agent with none is told every decision kept,
   * so one older than every decision kept is dropped: it would hide none.
   */
  agents?: Record<string, number>;
}

/** What getPlan tells the agent. */
export interface Attention {
  waitingForPerson: Waiting[];
  decidedSinceYourLastChange: Decision[];
}

/** Decisions kept in the record: enough to resume, small enough for the cell beside the plan. */
const DECISIONS_KEPT = 10;
/**
 * Agents whose last change the record keeps: as many as a sheet connects. Keyless callers may take any name, one per
 * call; one not kept is told every decision kept, as an agent that has made no change.
 */
const AGENTS_KEPT = 20;
const TEXT_LENGTH = 120;
/**
 * Characters of the items' keys as the record writes them (JSON: a control character in a task's title takes six),
 * whose waiting times the record keeps, so that it fits its cell however many tasks an agent puts in review, with the
 * decisions beside them: the items past them are listed without their time.
 */
const SINCE_CHARACTERS = 20_000;

function waitingNow(plan: Plan, approvalRequired: boolean): Array<Waiting & { key: string }> {
  // The question's number is the sidebar's; getPlan's list names a question by its text.
  return whatWaitsForPerson(waitingSourceOfPlan(plan), approvalRequired).map(({ number: _number, ...thing }) => {
    const text = shorten(thing.text, TEXT_LENGTH);
    const key = thing.what === 'approval' ? 'approval' : thing.what === 'question' ? `question:${text}` : '';
    const item: Waiting & { key: string } = { ...thing, key: key || `review:${thing.step}:${thing.text}`, text };
    if (thing.note) item.note = shorten(thing.note, TEXT_LENGTH);
    return item;
  });
}

/** The person's decisions a write makes: reviews decided, questions answered, the plan's status changed. */
function decisionsIn(before: Plan, after: Plan, at: string, revision: number): Decision[] {
  const decisions: Decision[] = [];
  const base = { at, revision };
  if (before.status !== after.status || before.statusNote !== after.statusNote) {
    const decided = [after.status ?? 'no status', after.statusNote].filter(Boolean).join(' — ');
    decisions.push({ ...base, what: 'plan', text: shorten(after.title, TEXT_LENGTH), decided });
  }
  const answered = new Map((before.questionDetails ?? []).map((question) => [question.text, question.answer]));
  for (const question of after.questionDetails ?? []) {
    if (!question.answer || answered.get(question.text) === question.answer) continue;
    const text = shorten(question.text, TEXT_LENGTH);
    decisions.push({ ...base, what: 'answer', text, decided: shorten(question.answer, TEXT_LENGTH) });
  }
  const inReview = new Set(
    allTasks(before)
      .filter(waitsForPerson)
      .map((task) => task.step),
  );
  for (const task of allTasks(after)) {
    if (!inReview.has(task.step) || waitsForPerson(task)) continue;
    const decided = shorten(task.note || task.status, TEXT_LENGTH);
    decisions.push({ ...base, what: 'review', step: task.step, text: shorten(task.title, TEXT_LENGTH), decided });
  }
  return decisions;
}

/**
 * The record after a write from `before` to `after` by `agent` (by the name its changes are recorded under; undefined:
 * the person): when new items started waiting, and the person's decisions.
 */
export function nextAttention(
  previous: AttentionRecord | undefined,
  change: { before: Plan; after: Plan; at: string; revision: number; agent?: string },
): AttentionRecord {
  const since: Record<string, string> = {};
  let room = SINCE_CHARACTERS;
  // A draft's time is kept whatever the setting (reading it would cost every write a call); getPlan asks the setting.
  for (const item of waitingNow(change.after, true)) {
    if ((room -= JSON.stringify(item.key).length + change.at.length) < 0) break;
    since[item.key] = previous?.since[item.key] ?? change.at;
  }
  const decided =
    change.agent === undefined ? decisionsIn(change.before, change.after, change.at, change.revision) : [];
  const record: AttentionRecord = {
    since,
    decisions: [...(previous?.decisions ?? []), ...decided].slice(-DECISIONS_KEPT),
  };
  // Built from entries: an agent's name is a key of a plain object, whatever it is (`__proto__` too).
  const agents = Object.entries(Object(previous?.agents)).filter(([name]) => name !== change.agent);
  if (change.agent !== undefined) agents.push([change.agent, change.revision]);
  const oldest = record.decisions[0]?.revision;
  // The record keeps the latest few changers, by revision (an object lists names like "7" first, whenever written).
  // (A revision edited by hand that is no number compares false, or reads as the number it spells.)
  const kept = agents
    .filter(([, revision]) => (revision as number) >= oldest!)
    .sort(([, one], [, other]) => (one as number) - (other as number))
    .slice(-AGENTS_KEPT);
  if (kept.length) record.agents = Object.fromEntries(kept) as Record<string, number>;
  return record;
}

/** What getPlan tells `agent` (by the name its changes are recorded under), from the plan and the record beside it. */
export function attentionOf(
  plan: Plan,
  record: AttentionRecord | undefined,
  approvalRequired: boolean,
  agent?: string,
): Attention {
  const waitingForPerson = waitingNow(plan, approvalRequired).map(({ key, ...item }) => {
    const since = record?.since[key];
    return since ? { ...item, since } : item;
  });
  const after = agent === undefined ? 0 : Number(ownValue(Object(record?.agents), agent)) || 0;
  const decidedSinceYourLastChange = (record?.decisions ?? []).filter((decision) => decision.revision > after);
  return { waitingForPerson, decidedSinceYourLastChange };
}

/** The attention field of a revision record (src/core/write-path/revision.ts); undefined when it has none, or a
 * malformed one. */
export function attentionIn(record: PlanRecord | null): AttentionRecord | undefined {
  const attention = record?.attention;
  if (!attention || typeof attention !== 'object' || typeof attention.since !== 'object') return undefined;
  return Array.isArray(attention.decisions) ? attention : undefined;
}

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Lines for the compact view, which already lists open questions and tasks in review: one line of what waits and since
 * when, then the person's decisions; none when there is nothing to say.
 */
export function attentionLines(attention: Attention): string[] {
  const lines: string[] = [];
  const when = (iso?: string) => (iso ? ` (since ${minute(iso)})` : '');
  const waiting = attention.waitingForPerson;
  const parts = waiting
    .filter((item) => item.what !== 'question')
    .map((item) => (item.what === 'review' ? `review of ${item.step}` : 'approval of the plan') + when(item.since));
  const questions = waiting.filter((item) => item.what === 'question');
  if (questions.length) {
    const oldest = questions.map((item) => item.since ?? '').sort()[0];
    const count = questions.length === 1 ? '1 open question' : `${questions.length} open questions`;
    parts.push(count + when(oldest || undefined));
  }
  if (parts.length) lines.push(`Waiting for the person: ${parts.join('; ')}`);
  if (attention.decidedSinceYourLastChange.length) {
    lines.push('The person decided since your last change:');
    for (const decision of attention.decidedSinceYourLastChange) {
      const what =
        decision.what === 'review'
          ? `review of ${decision.step} ${decision.text}: ${decision.decided}`
          : decision.what === 'answer'
            ? `answered "${decision.text}": ${decision.decided}`
            : `plan: ${decision.decided}`;
      lines.push(`- ${what} (${minute(decision.at)})`);
    }
  }
  return lines;
}
