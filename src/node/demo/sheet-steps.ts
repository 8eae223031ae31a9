/**
 * The demo agent's work in the sheet, task by task of the example plan, through the sheet-work functions:
 * it reads its data ranges (inside the plan's Read ranges, so nothing is logged), computes the expected stock,
 * tries to keep it in Staging (outside the plan's Write ranges: refused, nothing written), writes the flagged
 * items and the summary into the declared output ranges, and asks the person to undo the summary write in the
 * sidebar, waiting until they have. Completing a task that wrote goes through the task's checks (./declared-checks):
 * the flagged items' variance % first goes in as text ("-12.5%"), which its `numbers` check refuses, so the agent
 * writes the numbers; the summary the person undid is blank, which its `no blanks` check refuses, so the agent writes
 * it again.
 */
import { PlanClientError } from '../client/errors';
import type { PlanClient } from '../client/plan-client';
import type { CellJson } from '../../core/sheet/cell-values';
import type { DemoPerson } from './person';

export type SheetWorkClient = Pick<PlanClient, 'readRange' | 'writeRange' | 'getWriteLog'>;

/** A completion the sheet refused (CHECK_FAILED) and what the agent wrote to fix it. */
export interface CheckFix {
  step: string;
  /** The refusal's message: the cells named, with what they hold. */
  refusal: string;
  /** The range the agent wrote again. */
  fixed: string;
}

export interface SheetStepOptions {
  client: SheetWorkClient;
  log: (line: string) => void;
  pollMs: number;
  /** Where the person undoes, for the message while waiting. */
  sidebarUrl?: string;
  /** Stop waiting for the undo after this long (default: wait as long as it takes). */
  undoTimeoutMs?: number;
  /** Who undoes instead of a person in the sidebar (--fast). */
  person?: DemoPerson;
}

/** A variance over this share of the expected quantity is flagged. */
const THRESHOLD = 0.05;
/** How many refused completions of one task the agent fixes before it gives up (and the demo fails). */
const MAX_FIXES = 2;

interface StockLine {
  sku: string;
  opening: number;
  sold: number;
  actual: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const number = (cell: CellJson | undefined) => (typeof cell === 'number' ? cell : Number(cell) || 0);

export class DemoSheetWork {
  private warehouse: CellJson[][] = [];
  private sales: CellJson[][] = [];
  private stock: StockLine[] = [];
  /** The writes made, by task. */
  readonly writes = new Map<string, string>();
  /** What the refused write was told. */
  refusal: string | undefined;
  undone: string | undefined;
  /** Each completion the checks refused, and the fix. */
  readonly fixes: CheckFix[] = [];

  constructor(private readonly options: SheetStepOptions) {}

  /** Does the sheet work of task `step` of the example plan, if it has any. */
  async forTask(step: string): Promise<void> {
    const { client, log } = this.options;
    if (step === '1.1') this.warehouse = await this.read('Warehouse!A2:F');
    else if (step === '1.2') this.sales = await this.read('Sales!A2:H');
    else if (step === '1.3') await this.read('Products!A2:D');
    else if (step === '2.1') {
      this.stock = this.expectedStock();
      const rows = this.stock.map((line) => [line.sku, line.opening, line.sold]);
      try {
        await client.writeRange('Staging!A2', rows, step);
      } catch (error) {
        if (!(error instanceof PlanClientError) || error.code !== 'OUT_OF_SCOPE') throw error;
        this.refusal = error.message;
        log(`  🚫 writeRange(Staging!A2) refused: ${error.message}`);
        log('     the agent keeps the expected stock in memory instead');
      }
    } else if (step === '3.1') {
      // The agent's slip: variance % as the text a person reads ("-12.5%"), which the task's check refuses.
      await this.write('Discrepancies!A2', this.flagged('text'), step);
    } else if (step === '3.2') {
      const { id } = await this.write('Summary!B3', this.summary(), step);
      await this.waitForUndo(id);
    }
  }

  private async read(a1: string): Promise<CellJson[][]> {
    const result = await this.options.client.readRange(a1);
    this.options.log(`  📖 readRange(${a1}): ${result.rows} rows from ${result.range}`);
    return result.values;
  }

  /**
   * Completes `step` through `complete` (advanceTask, completeTask). When the sheet refuses with CHECK_FAILED, the
   * agent reads which cells failed, writes them again, and tries once more.
   */
  async completeChecked<T>(step: string, complete: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await complete();
      } catch (error) {
        if (!(error instanceof PlanClientError) || error.code !== 'CHECK_FAILED' || attempt > MAX_FIXES) throw error;
        this.options.log(`  ❌ completing ${step} refused: ${error.message}`);
        const fixed = await this.fix(step, error.message);
        if (!fixed) throw error;
        this.fixes.push({ step, refusal: error.message, fixed });
      }
    }
  }

  /** Writes again what the refusal names; answers the range written, or undefined when it cannot tell. */
  private async fix(step: string, refusal: string): Promise<string | undefined> {
    const { log } = this.options;
    if (step === '3.1' && refusal.includes('%" (numbers)') && refusal.includes('Discrepancies!E')) {
      log('  🔧 the agent wrote variance % as text; it writes the numbers instead');
      const column = this.flagged('number').map((row) => [row[4]]);
      return (await this.write('Discrepancies!E2', column, step, 'fix')).range;
    }
    if (step === '3.2' && this.undone && refusal.includes('(no blanks)')) {
      log(
        `  🔧 the summary is blank since the person's undo, and 3.2 is not done without it: the agent writes it again`,
      );
      return (await this.write('Summary!B3', this.summary(), step, 'fix')).range;
    }
    return undefined;
  }

  /** Writes for `step`; the task's own work is kept in `writes`, a fix in `fixes`. */
  private async write(a1: string, rows: CellJson[][], step: string, kind: 'work' | 'fix' = 'work') {
    const result = await this.options.client.writeRange(a1, rows, step);
    if (kind === 'work') this.writes.set(step, result.range);
    this.options.log(`  ✍ writeRange(${a1}): ${result.cells} cells into ${result.range} (write ${result.id})`);
    return result;
  }

  private expectedStock(): StockLine[] {
    return this.warehouse.map((row) => {
      const sku = String(row[0]);
      const opening = number(/opening (\d+)/.exec(String(row[5]))?.[1]);
      const sold = this.sales.filter((sale) => sale[2] === sku).reduce((total, sale) => total + number(sale[3]), 0);
      return { sku, opening, sold, actual: number(row[2]) };
    });
  }

  /** The flagged lines as Discrepancies rows; `percent` says how variance % is written (a fraction, or its text). */
  private flagged(percent: 'number' | 'text' = 'number'): CellJson[][] {
    return this.stock
      .map((line) => ({ ...line, expected: line.opening - line.sold }))
      .map((line) => ({ ...line, variance: line.actual - line.expected }))
      .filter((line) => line.expected > 0 && Math.abs(line.variance) / line.expected > THRESHOLD)
      .map((line) => [
        line.sku,
        line.expected,
        line.actual,
        line.variance,
        percent === 'number'
          ? Math.round((line.variance / line.expected) * 1000) / 1000
          : `${Math.round((line.variance / line.expected) * 1000) / 10}%`,
        line.variance < 0 ? 'SHORT' : 'OVER',
        // Text, not a formula: the sheet keeps exactly these characters.
        `=${line.variance} vs count`,
      ]);
  }

  private summary(): CellJson[][] {
    const flagged = this.flagged().length;
    const variance = this.stock.reduce((total, line) => total + (line.actual - (line.opening - line.sold)), 0);
    return [
      ['Total SKUs', this.stock.length],
      ['Flagged', flagged],
      ['Total variance (units)', variance],
      ['Accuracy %', Math.round(((this.stock.length - flagged) / Math.max(1, this.stock.length)) * 100)],
    ];
  }

  /** Polls the write log until the person has undone write `id` in the sidebar. */
  private async waitForUndo(id: string): Promise<void> {
    const { client, log, sidebarUrl, person } = this.options;
    const range = this.writes.get('3.2');
    const where = sidebarUrl
      ? `: open ${sidebarUrl} and press Undo under task 3.2`
      : ' in the sidebar (Undo under task 3.2)';
    log(`  ⏳ waiting for a person to undo the write to ${range}${person ? '' : where}`);
    if (person) await person.undoWrite(id);
    const started = Date.now();
    for (;;) {
      const entry = (await client.getWriteLog(100)).find((candidate) => candidate.id === id);
      if (!entry) throw new Error(`Write ${id} is no longer in the write log`);
      if (entry.undone) {
        this.undone = entry.range;
        log(`  ↶ the person undid the write to ${entry.range}: the cells hold what they held before`);
        return;
      }
      if (this.options.undoTimeoutMs !== undefined && Date.now() - started > this.options.undoTimeoutMs) {
        throw new Error(`Nobody undid the write to ${range} within ${this.options.undoTimeoutMs} ms`);
      }
      await sleep(this.options.pollMs);
    }
  }
}
