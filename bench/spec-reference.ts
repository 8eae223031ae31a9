/**
 * The specification's reference implementation, re-expressed only to be measured beside ours in
 * the same process (the benchmark's baseline; no product code uses it). It keeps the spec's
 * algorithm and its behaviour, defects included: a line-by-line scan with prefix checks, a
 * read-then-write per change without a lock, the runtime's UTC date.
 */
type Status = 'todo' | 'doing' | 'done' | 'blocked' | 'review';
const BY_CHAR: Record<string, Status> = { ' ': 'todo', '/': 'doing', x: 'done', '>': 'blocked', '!': 'review' };
const CHAR_OF: Record<Status, string> = { todo: ' ', doing: '/', done: 'x', blocked: '>', review: '!' };
const TASK = /^- \[(.)\] (\d+\.\d+(?:\.\d+)?)\s+(.+)$/;
const PHASE = /^### Phase (\d+): (.+)$/;

export interface ReferenceTask {
  line: number;
  phase: number;
  step: string;
  status: Status;
  title: string;
}
export interface ReferencePlan {
  title: string;
  phases: Array<{ number: number; name: string; tasks: ReferenceTask[] }>;
  raw: string;
}

export function referenceParse(markdown: string): ReferencePlan {
  const plan: ReferencePlan = { title: '', phases: [], raw: markdown };
  let section: 'none' | 'analysis' | 'questions' | 'notes' = 'none';
  let phase: ReferencePlan['phases'][number] | null = null;
  const lines = markdown.split('\n');
  lines.forEach((line, index) => {
    if (line.startsWith('# Plan:')) plan.title = line.slice(7).trim();
    else if (line.startsWith('## Analysis')) section = 'analysis';
    else if (line.startsWith('## Questions')) section = 'questions';
    else if (line.startsWith('## Notes')) section = 'notes';
    else if (line.startsWith('### Phase')) {
      section = 'none';
      const heading = PHASE.exec(line);
      if (heading) plan.phases.push((phase = { number: Number(heading[1]), name: heading[2], tasks: [] }));
    } else if (section === 'none') {
      const task = TASK.exec(line);
      if (task && phase) {
        const title = task[3]
          .replace(/✅ \d{4}-\d{2}-\d{2}/, '')
          .replace(/— .+$/, '')
          .trim();
        phase.tasks.push({
          line: index,
          phase: phase.number,
          step: task[2],
          status: BY_CHAR[task[1]] ?? 'todo',
          title,
        });
      }
    }
  });
  return plan;
}

export function referenceUpdate(markdown: string, step: string, status: Status, annotation?: string): string {
  const lines = markdown.split('\n');
  const index = lines.findIndex((line) => TASK.exec(line)?.[2] === step);
  if (index < 0) return markdown;
  let line = lines[index]
    .replace(/^- \[.\]/, `- [${CHAR_OF[status]}]`)
    .replace(/ — .+$/, '')
    .replace(/ ✅ \d{4}-\d{2}-\d{2}/, '');
  if (status === 'done') line += ` ✅ ${new Date().toISOString().slice(0, 10)}`;
  if ((status === 'blocked' || status === 'review') && annotation) line += ` — ${annotation}`;
  lines[index] = line;
  return lines.join('\n');
}

/** The spec's SheetsClient, here on Apps Script's SpreadsheetApp: one range per cell. */
export class ReferenceSheetsClient {
  constructor(private readonly spreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp) {}
  getCell(a1: string): string {
    return String(this.spreadsheetApp.getActiveSpreadsheet().getRange(a1).getValue() ?? '');
  }
  setCell(a1: string, value: string): void {
    this.spreadsheetApp.getActiveSpreadsheet().getRange(a1).setValue(value);
  }
}

/** The spec's PlanManager flow for the calls the benchmark makes. */
export class ReferencePlanManager {
  constructor(
    private readonly sheets: ReferenceSheetsClient,
    private readonly cell = 'AGENT_BASE!C2',
  ) {}
  getPlan(): ReferencePlan | null {
    const text = this.sheets.getCell(this.cell);
    return text ? referenceParse(text) : null;
  }
  getNextTask(): ReferenceTask | null {
    const plan = this.getPlan();
    return plan?.phases.flatMap((phase) => phase.tasks).find((task) => task.status === 'todo') ?? null;
  }
  private change(step: string, status: Status, annotation?: string): void {
    const plan = this.getPlan();
    if (!plan) throw new Error('No plan');
    this.sheets.setCell(this.cell, referenceUpdate(plan.raw, step, status, annotation));
  }
  startTask(step: string): void {
    this.change(step, 'doing');
  }
  completeTask(step: string): void {
    this.change(step, 'done');
  }
  blockTask(step: string, reason: string): void {
    this.change(step, 'blocked', reason);
  }
  reviewTask(step: string, note: string): void {
    this.change(step, 'review', note);
  }
}
