/** The local emulator's spreadsheet, persisted to a JSON file so a restart keeps the plan. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatedSpreadsheet } from '../emulator';
import { seedExampleData } from './example-data';
import { PLAN_LOCATION, cellReference } from '../../apps-script/plan-location';
import { EXAMPLE_PLAN } from './example-plan';

export const DEFAULT_STATE_FILE = path.join('.local', 'spreadsheet.json');

/** What a new spreadsheet holds: the spec's example plan (a review item waits for the person), or no plan sheet yet. */
export type Seed = 'example plan' | 'no plan';

export function loadSpreadsheet(
  file: string,
  seed: Seed = 'example plan',
): { spreadsheet: EmulatedSpreadsheet; seeded: boolean } {
  if (existsSync(file)) {
    return { spreadsheet: EmulatedSpreadsheet.fromJSON(JSON.parse(readFileSync(file, 'utf8'))), seeded: false };
  }
  const spreadsheet = new EmulatedSpreadsheet({
    name: 'Inventory Management 2026',
    sheets: seed === 'example plan' ? ['Warehouse', 'Sales', PLAN_LOCATION.sheet] : ['Warehouse', 'Sales'],
  });
  seedExampleData(spreadsheet);
  if (seed === 'example plan') {
    // As a person would have it: the marker and the spec's example plan typed into the cells.
    spreadsheet.setCellText(cellReference(PLAN_LOCATION.markerCell), PLAN_LOCATION.marker);
    spreadsheet.setCellText(cellReference(PLAN_LOCATION.planCell), EXAMPLE_PLAN);
  }
  writeState(file, JSON.stringify(spreadsheet.toJSON()));
  return { spreadsheet, seeded: true };
}

/** Written to a temporary file first, so a crash mid-write never leaves a broken state file. */
function writeState(file: string, json: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, json);
  renameSync(temporary, file);
}

/**
 * Saves the spreadsheet after a call, but only when it changed: the sidebar's change check runs
 * every few seconds and changes nothing, and should not rewrite the file each time.
 */
export function persistenceFor(file: string, spreadsheet: EmulatedSpreadsheet): () => void {
  let saved = JSON.stringify(spreadsheet.toJSON());
  return () => {
    const now = JSON.stringify(spreadsheet.toJSON());
    if (now === saved) return;
    writeState(file, now);
    saved = now;
  };
}
