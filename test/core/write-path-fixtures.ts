/**
 * What the write path's tests over an in-memory store share (PlanManager, test/core/plan-manager.ts, on a MemoryStore):
 * two stock plans and small helpers.
 */
import { planErrorCode, type PlanStore } from '../../src/core';
import { PlanManager } from './plan-manager';
import { TODAY } from './memory-store';

/** `text` with one line replaced, or several: { lineIndex: newLine }. */
export function withLines(text: string, changes: Record<number, string>): string {
  return text
    .split('\n')
    .map((line, i) => (i in changes ? changes[i] : line))
    .join('\n');
}

export function lineOf(text: string, fragment: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(fragment));
  if (index < 0) throw new Error(`No line with ${fragment}`);
  return index;
}

/** The call's PlanError code, or fails the test when it does not throw one. */
export function codeOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (error) {
    return planErrorCode(error);
  }
  throw new Error('expected the call to throw');
}

export const person = (store: PlanStore) => new PlanManager(store, { source: 'sidebar', byPerson: true });
export const agent = (store: PlanStore) => new PlanManager(store);

export const simple = `# Plan: Test
Goal: Test
### Phase 1: Work
- [ ] 1.1 The task
- [ ] 1.2 Second task
`;

/** The Notes line that keeps 1.3's reason when it leaves the line. */
export const UNBLOCKED_NOTE = `- ${TODAY}: 1.3 (Check Bank!A1 (balance)) blocked reason was: waiting for statement\n`;

export const mixed = `# Plan: Payroll

Goal: Pay March salaries

### Phase 1: Prepare
- [x] 1.1 Read Staff!A2:E40 (name, rate, hours) ✅ 2026-03-10
- [/] 1.2 Compute Pay!B2:B40 (gross pay)
- [>] 1.3 Check Bank!A1 (balance) — waiting for statement
- [!] 1.4 Confirm Pay!C2:C40 (deductions) — is the 2026 tax table right?

### Phase 2: Pay
- [ ] 2.1 Write Transfers!A2:C40 (name, IBAN, amount)
- [ ] 2.2 Archive Pay to History!A:E (month snapshot)

## Notes

- Rates changed on 2026-03-01
`;
