/** The specification's example plan: what the local emulator's sheet starts with. */
export const EXAMPLE_PLAN = `# Plan: Monthly Inventory Reconciliation

Goal: Reconcile warehouse inventory with sales data and flag discrepancies

## Analysis

- Spreadsheet: Inventory Management 2026 (ID: 1a2b3c4d...)
- Key sheets: Warehouse, Sales, Products, Discrepancies, Summary
- Target ranges:
  - Read: Warehouse!A2:F500 (SKU, bin location, qty on hand, last count date, counter, notes)
  - Read: Sales!A2:H1000 (order ID, date, SKU, qty sold, unit price, total, customer, status)
  - Read: Products!A2:D200 (SKU, product name, category, reorder threshold)
  - Write: Discrepancies!A2:G100 (SKU, expected qty, actual qty, variance, variance %, flag, notes)
  - Write: Summary!B3:E15 (metric, value, previous month, change)
- Current state: Warehouse has 487 SKUs, Sales has 943 transactions for January
- Dependencies: Sales data must include all POS uploads through end of month

## Questions for User

- Should we include items with zero stock in the reconciliation?
- Threshold for flagging discrepancy? (default: >5% variance)
- Should Discrepancies sheet be cleared before writing new data?

### Phase 1: Data Collection
- [x] 1.1 Read Warehouse!A2:F500 (current stock levels by SKU) ✅ 2026-01-08
- [x] 1.2 Read Sales!A2:H1000 (January transactions) ✅ 2026-01-08
- [x] 1.3 Read Products!A2:D200 (SKU master with categories) ✅ 2026-01-08

### Phase 2: Calculation
- [x] 2.1 Calculate expected inventory per SKU in Staging!A2:C500 (SKU, opening qty, sold qty) ✅ 2026-01-09
- [x] 2.2 Compare expected vs actual in Warehouse!G2:H500 (expected, variance) ✅ 2026-01-09
- [!] 2.3 Identify variance > threshold in Staging!E2:E500 (flag column) — please verify 5% threshold is correct

### Phase 3: Reporting
- [/] 3.1 Write flagged items to Discrepancies!A2:G100 (SKU, expected, actual, variance, %, flag, notes)
- [ ] 3.2 Calculate summary stats for Summary!B3:E15 (total SKUs, flagged count, total variance $, accuracy %)
- [>] 3.3 Update Dashboard!A1:D10 (chart data) — waiting for Phase 2 review approval

### Phase 4: Validation
- [ ] 4.1 Verify row counts: Discrepancies!A:A count matches flagged items in Staging!E:E
- [ ] 4.2 Spot-check 5 random SKUs: compare Discrepancies vs Warehouse manually
- [ ] 4.3 Send notification to warehouse team with Summary!B3:E15 attachment

## Notes

- Previous reconciliation: Discrepancies sheet has December data in rows 2-85
- Known issue: SKU "WH-4521" has duplicate entries in Warehouse!A:A
- Stakeholder: warehouse-team@company.com for notifications
- Formula reference: variance % = (actual - expected) / expected
`;
