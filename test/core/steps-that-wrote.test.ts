/**
 * The steps that wrote, in the revision record (src/core/write-path/steps-that-wrote.ts): believed only when Sheet
 * Plan's seal matches, added to by writeRange only where a list is kept, and the write log read at most once per
 * change.
 */
import type { TaskCells } from '../../src/core/rules/done-checks';
import { readPlanRecord, revisionRecord, writePlanRecord } from '../../src/core/write-path/revision';
import type { SheetRange } from '../../src/core/sheet/sheet-range';
import {
  STEPS_LISTED_AT_MOST,
  STEPS_THAT_WROTE,
  StepsThatWrote,
  recordListingStep,
  stepsThatWroteIn,
  withStepsThatWrote,
} from '../../src/core/write-path/steps-that-wrote';

const RECORD = revisionRecord(4, '# Plan: A', 'api', '2026-11-26T10:00:00.000Z').meta;
/** The record's text listing `steps` (undefined: no list), as the write path writes it. */
const listing = (meta: string, steps: string[] | undefined) =>
  writePlanRecord(withStepsThatWrote(readPlanRecord(meta)!, steps));
/** The steps the record's text lists, as the write path reads them. */
const listedIn = (meta: string) => stepsThatWroteIn(readPlanRecord(meta));
const range: SheetRange = { sheet: 'Out', top: 1, left: 1, bottom: 2, right: 2 };

/** A write log holding writes of the given steps, counting how often it is read. */
function logOf(...steps: string[]): TaskCells & { reads: number } {
  return {
    reads: 0,
    writtenRanges() {
      this.reads += 1;
      return new Map(steps.map((step) => [step, [range]]));
    },
    read: () => 'not read here',
    keepResult: () => undefined,
  };
}

test('a record without a list says nothing; one Sheet Plan listed says which steps wrote', () => {
  expect(listedIn(RECORD)).toBeUndefined();
  const listed = listing(RECORD, ['3.1', '1.2', '3.1']);
  expect(listedIn(listed)).toEqual(['1.2', '3.1']);
  expect(listedIn(listing(RECORD, []))).toEqual([]);
});

test('a list edited by hand, or moved to another revision, is not believed', () => {
  const listed = JSON.parse(listing(RECORD, ['1.1']));
  const edited = { ...listed, [STEPS_THAT_WROTE]: { ...listed[STEPS_THAT_WROTE], steps: [] } };
  expect(listedIn(JSON.stringify(edited))).toBeUndefined();
  expect(listedIn(JSON.stringify({ ...listed, revision: 5 }))).toBeUndefined();
  expect(listedIn(JSON.stringify({ ...listed, [STEPS_THAT_WROTE]: { steps: [1], seal: 'x' } }))).toBeUndefined();
  expect(listedIn('not json')).toBeUndefined();
});

test('writing no list takes the old one out, and leaves the rest of the record as it was', () => {
  const listed = listing(RECORD, ['1.1']);
  expect(JSON.parse(listing(listed, undefined))).toEqual(JSON.parse(RECORD));
  expect(readPlanRecord('typed by a person')).toBeNull();
});

test('writeRange adds a step only to a list kept, and only once', () => {
  expect(recordListingStep(RECORD, '1.1')).toBeNull();
  const listed = listing(RECORD, ['1.1']);
  expect(recordListingStep(listed, '1.1')).toBeNull();
  expect(listedIn(recordListingStep(listed, '2.1')!)).toEqual(['1.1', '2.1']);
});

test('a step the list leaves out is not looked for; a listed one is, with the log read once per change', () => {
  const log = logOf('1.1');
  const steps = new StepsThatWrote(['1.1', '1.3']);
  expect(steps.rangesOf('1.2', log)).toEqual([]);
  expect(log.reads).toBe(0);
  expect(steps.rangesOf('1.1', log)).toEqual([range]);
  expect(steps.rangesOf('1.3', log)).toEqual([]);
  expect(log.reads).toBe(1);
  // The log was read whole: the next record lists what it holds (1.3's writes were undone or left it).
  expect(steps.forNextRecord(log)).toEqual(['1.1']);
});

test('without a list, the log is looked in, and the next record learns the list from it', () => {
  const log = logOf('2.1');
  expect(new StepsThatWrote(undefined).rangesOf('1.1', log)).toEqual([]);
  expect(log.reads).toBe(1);
  const learning = new StepsThatWrote(undefined);
  expect(learning.forNextRecord(log)).toEqual(['2.1']);
  expect(new StepsThatWrote(undefined).forNextRecord(undefined)).toBeUndefined();
  expect(new StepsThatWrote(['1.1']).forNextRecord(log)).toEqual(['1.1']);
  expect(log.reads).toBe(2);
});

test('a full list is dropped, not grown: the record says nothing, and the next change learns it from the log', () => {
  const full = listing(
    RECORD,
    Array.from({ length: STEPS_LISTED_AT_MOST }, (_, i) => `1.${i + 1}`),
  );
  expect(recordListingStep(full, '1.1')).toBeNull();
  expect(recordListingStep(full, '2.1')).toBe(listing(RECORD, undefined));
});
