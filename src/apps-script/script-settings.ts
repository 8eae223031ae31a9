/** The person's settings for the sheet on Apps Script: one script property (./spreadsheet-access.ts). */
import { readSettings, type PlanSettings } from '../core/person/settings';
import type { SettingsStore } from '../core/write-path/store';
import { SETTINGS_PROPERTY, scriptProperties } from './spreadsheet-access';

export class ScriptSettings implements SettingsStore {
  /**
   * `putBack`: registers how to put a write back if the change it belongs to fails; `saved`: what else the change
   * writes once they are saved (the label over the plan's record names them: ./record-label.ts).
   */
  constructor(
    private readonly putBack: (step: () => void) => void,
    private readonly saved: () => void,
  ) {}

  /** The settings' text as this execution read it ('' when none were saved). */
  text(): string {
    return scriptProperties().getProperty(SETTINGS_PROPERTY) ?? '';
  }

  /** Reads them again: the person saved others since this execution read them (the plan's label says so). */
  refresh(): void {
    scriptProperties().freshProperty(SETTINGS_PROPERTY);
  }

  /**
   * The settings: one script property read, in every kind of execution. Refused where script properties cannot be
   * read, never taken as the defaults: the approval gate must not open because its setting was out of reach.
   */
  readSettings(): PlanSettings {
    return readSettings(scriptProperties().getProperty(SETTINGS_PROPERTY));
  }

  writeSettings(settings: PlanSettings): void {
    const properties = scriptProperties();
    const before = properties.freshProperty(SETTINGS_PROPERTY);
    this.putBack(() =>
      before === null
        ? properties.deleteProperty(SETTINGS_PROPERTY)
        : properties.setProperty(SETTINGS_PROPERTY, before),
    );
    properties.setProperty(SETTINGS_PROPERTY, JSON.stringify(settings));
    this.saved();
  }
}
