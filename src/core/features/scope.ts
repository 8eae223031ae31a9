/**
 * The plan's scope in the sheet: the `Write:` and `Read:` ranges of its Analysis and whether it takes formulas
 * (`Formulas: allowed`). A person's approval covers all of it, and the approval box lists its changes first: a range
 * or formulas slipped into a plan are what a person most needs to see before approving again.
 */
import { readAnalysis, type PlanOutline } from '../format/parse';
import { formatSheetRange } from '../sheet/sheet-range';
import { formulasAllowedBy, rangesOfAnalysis, sheetAccess } from '../sheet/sheet-rules';
import type { ApprovedChange, ApprovedChangesOf, PlanFeature } from './feature';

function rangesOf(outline: PlanOutline): Map<string, string> {
  const declared = rangesOfAnalysis(readAnalysis(outline));
  const ranges = new Map<string, string>();
  for (const range of declared.write) ranges.set(`Write: ${formatSheetRange(range)}`, 'write');
  for (const range of declared.read) ranges.set(`Read: ${formatSheetRange(range)}`, 'read');
  for (const text of declared.unreadable) ranges.set(`Range: ${text}`, 'unreadable');
  return ranges;
}

export const SCOPE: PlanFeature = {
  name: 'scope',
  approved: (outline) => sheetAccess(readAnalysis(outline)),
};

/** The approval box's changes of the scope: each range added or removed, and formulas allowed or no longer. */
export const SCOPE_CHANGES: ApprovedChangesOf = (before, after) => {
  const changes: ApprovedChange[] = [];
  const [was, now] = [rangesOf(before), rangesOf(after)];
  for (const range of now.keys())
    if (!was.has(range)) changes.push({ feature: 'scope', change: 'added', after: range });
  for (const range of was.keys())
    if (!now.has(range)) changes.push({ feature: 'scope', change: 'removed', before: range });
  const [formulasBefore, formulasAfter] = [before, after].map((outline) => formulasAllowedBy(readAnalysis(outline)));
  if (formulasAfter && !formulasBefore) changes.push({ feature: 'scope', change: 'added', after: 'Formulas: allowed' });
  if (formulasBefore && !formulasAfter)
    changes.push({ feature: 'scope', change: 'removed', before: 'Formulas: allowed' });
  return changes;
};
