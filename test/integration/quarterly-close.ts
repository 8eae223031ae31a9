/** The plan the no-data-loss tests start from (nothing-lost.test.ts, typed-versions-kept.test.ts). */
import { plan } from './harness';

export const QUARTERLY_CLOSE = plan(
  '# Plan: Quarterly close',
  '',
  'Goal: Close the books',
  '',
  '### Phase 1: Collect',
  '- [ ] 1.1 Read Ledger!A2:F900 (entries)',
  '- [ ] 1.2 Read Bank!A2:D200 (statements)',
  '',
);
