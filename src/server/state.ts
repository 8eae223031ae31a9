/** The local emulator's spreadsheet, persisted to a JSON file so a restart keeps the plan. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatedSpreadsheet } from '../emulator';
import { EXAMPLE_PLAN } from './example-plan';

export const DEFAULT_STATE_FILE = path.join('.local', 'spreadsheet.json');

export function loadSpreadsheet(file: string): { spreadsheet: EmulatedSpreadsheet; seeded: boolean } {
  if (existsSync(file)) {
    return { spreadsheet: EmulatedSpreadsheet.fromJSON(JSON.parse(readFileSync(file, 'utf8'))), seeded: false };
  }
  const spreadsheet = new EmulatedSpreadsheet({ name: 'Inventory Management 2026', sheets: ['Warehouse', 'Sales', 'AGENT_BASE'] });
  // As a person would have it: the marker and the spec's example plan typed into the cells.
  spreadsheet.setCellText('AGENT_BASE!C1', 'PLAN.md Contents');
  spreadsheet.setCellText('AGENT_BASE!C2', EXAMPLE_PLAN);
  saveSpreadsheet(file, spreadsheet);
  return { spreadsheet, seeded: true };
}

/** Written to a temporary file first, so a crash mid-write never leaves a broken state file. */
export function saveSpreadsheet(file: string, spreadsheet: EmulatedSpreadsheet): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(spreadsheet.toJSON()));
  renameSync(temporary, file);
}
