import { PlanManager } from '../../src/core';
import { diffPlans } from '../../src/core/plan-diff';
import { savedPlan } from './memory-store';
const PLAN =
  '# Plan: P\n\nGoal: G\n\nStatus: approved\n\n### Phase 1: Work\n- [ ] 1.1 A\n  - Owner: Ana\n- [ ] 1.2 B\n';
test('owner trial', () => {
  const store = savedPlan(PLAN);
  const agent = new PlanManager(store, { source: 'agent:Claude' });
  expect(() => agent.replacePlan(PLAN.replace('Owner: Ana', 'Owner: Claude'), 1)).toThrow(
    /^NEEDS_PERSON: Only a person sets who owns/,
  );
  expect(diffPlans(PLAN, PLAN.replace('Owner: Ana', 'Owner: Bo')).rules).toEqual([
    { feature: 'owner', change: 'changed', step: '1.1', before: 'Owner: Ana', after: 'Owner: Bo' },
  ]);
});
