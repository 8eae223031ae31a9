/**
 * The plan the claims tests play on, "Sales report": 1.1 Read the sales, 1.2 Sum them per region, 1.3 Write the totals.
 * `underSum` are the lines under 1.2 (details, an After line, its sub-steps: NORTH_AND_SOUTH), `after` the lines after
 * the phase.
 */
import { plan } from './harness';

/** Task 1.2's sub-steps 1.2.1 North and 1.2.2 South. */
export const NORTH_AND_SOUTH = ['  - [ ] 1.2.1 North', '  - [ ] 1.2.2 South'];

export function salesPlan(underSum: string[] = [], after: string[] = []): string {
  return plan(
    '# Plan: Sales report',
    '',
    'Goal: Sum the sales',
    '',
    '### Phase 1: Work',
    '- [ ] 1.1 Read the sales',
    '- [ ] 1.2 Sum them per region',
    ...underSum,
    '- [ ] 1.3 Write the totals',
    ...after,
  );
}
