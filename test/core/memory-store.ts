/** The plan sheet in memory, for PlanManager's tests: counts reads and writes; can be busy or fail its writes. */
import {
  PlanError,
  nextRevisionRecord,
  planErrorCode,
  type ArchivedText,
  type Clock,
  type PlanCells,
  type PlanStore,
  type PlanWrite,
  type PlanVersions,
  type RecordedPlan,
  type SavedVersion,
  type SettingsStore,
} from '../../src/core';
import { PlanManager } from './plan-manager';
import { DEFAULT_SETTINGS, type PlanSettings } from '../../src/core/person/settings';

export const TODAY = '2026-03-14';
/** The longest plan the store always takes, as the spreadsheet's. */
export const TEST_TEXT_LIMIT = 49_999;

export class MemoryStore implements PlanStore {
  readonly location = 'the plan cell';
  readonly textLimit = TEST_TEXT_LIMIT;
  cells: PlanCells | null;
  /** Newest first. */
  savedVersions: SavedVersion[] = [];
  /** The plan as the last write left it (what the spreadsheet keeps in its history sheet). */
  recorded: RecordedPlan | null = null;
  /**
   * Approval off, explicitly: most tests here are not about approval (a new sheet has it on, DEFAULT_SETTINGS); those
   * that are set it.
   */
  savedSettings: PlanSettings = { ...DEFAULT_SETTINGS, approvalRequired: false };
  /** Oldest first, as the archive sheet keeps them. */
  archive: ArchivedText[] = [];
  reads = 0;
  /** Writes of the plan (or its record) that needed no set-up. */
  writes = 0;
  settingsReads = 0;
  /** Writes that set the plan's place up (the sheet, the marker). */
  initializations = 0;
  busy = false;
  failWrites: string | null = null;
  private tick = 0;

  readonly versions: PlanVersions = {
    lastRecorded: () => (this.recorded ? { ...this.recorded } : null),
    listVersions: (limit) => this.savedVersions.slice(0, limit),
    archivePlan: (plan) => {
      const newest = this.archive[this.archive.length - 1];
      const id = (newest?.id ?? 0) + 1;
      this.archive.push({ id, ...plan });
      return id;
    },
    listArchive: () => this.archive.map(({ text: _text, ...entry }) => entry).reverse(),
    readArchived: (id) => {
      const found = this.archive.find((entry) => entry.id === id);
      return found ? { ...found } : null;
    },
  };

  readonly settings: SettingsStore = {
    readSettings: () => {
      this.settingsReads++;
      return { ...this.savedSettings };
    },
    writeSettings: (settings) => {
      if (this.failWrites) throw new Error(this.failWrites);
      this.savedSettings = { ...settings };
    },
  };

  /** Today is the day given; now moves on a second with each reading. */
  readonly clock: Clock = {
    today: () => this.day,
    now: () => new Date(Date.UTC(2026, 2, 14, 9, 0, this.tick++)).toISOString(),
  };

  constructor(
    cells: PlanCells | null,
    private readonly day = TODAY,
  ) {
    this.cells = cells ? { ...cells } : null;
  }

  read(): PlanCells | null {
    this.reads++;
    return this.cells ? { ...this.cells } : null;
  }

  /** All or nothing, as the port promises: a failing write changes nothing. */
  write(change: PlanWrite): void {
    if (this.failWrites) throw new Error(this.failWrites);
    if (!change.setUp && !this.cells) throw new Error('The plan sheet does not exist');
    if (change.setUp) this.initializations++;
    else this.writes++;
    this.savedVersions.unshift(...[...change.keep].reverse().map((version) => ({ ...version })));
    this.recorded = { text: change.text, meta: change.meta };
    this.cells = { ready: true, text: change.text, meta: change.meta };
  }

  exclusive<T>(work: () => T): T {
    if (this.busy)
      throw new PlanError('BUSY', 'The plan is busy: another execution is changing it; try again in a moment');
    return work();
  }

  /** Everything a write can change, to compare before and after a refused call. */
  state(): string {
    return JSON.stringify({
      cells: this.cells,
      versions: this.savedVersions,
      recorded: this.recorded,
      settings: this.savedSettings,
      archive: this.archive,
      writes: this.writes,
      initializations: this.initializations,
    });
  }

  get text(): string {
    return this.cells?.text ?? '';
  }
}

/** A store holding `text` as Sheet Plan last wrote it, at `revision`. */
export function savedPlan(text: string, revision = 1): MemoryStore {
  const { meta } = nextRevisionRecord(
    { revision: revision - 1, changedBy: 'api' },
    text,
    'api',
    '2026-03-13T08:00:00.000Z',
  );
  return new MemoryStore({ ready: true, text, meta });
}

/** PlanManager as an agent (scripts.run) and as a person (the sidebar) over a store. */
export const agent = (store: PlanStore) => new PlanManager(store);
export const person = (store: PlanStore) => new PlanManager(store, { source: 'sidebar', byPerson: true });

export function lines(...text: string[]): string {
  return text.join('\n');
}

/** The call's error, with its code; fails the test when it does not throw. */
export function refusal(call: () => unknown): { code?: string; message: string } {
  try {
    call();
  } catch (error) {
    return { code: planErrorCode(error), message: (error as Error).message };
  }
  throw new Error('expected the call to throw');
}
