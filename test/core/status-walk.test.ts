/**
 * A status change never drops words a person wrote. Every task of every real-shape document is
 * walked through start, block, complete and reopen (as a person, so that every move is allowed):
 * after each step every word of the task's title is still on its line, and every word of its
 * annotation is on its line or in Notes, where an annotation that leaves the line is kept.
 */
import { PlanError, outlinePlan } from '../../src/core';
import { PlanManager } from './plan-manager';
import { REAL_SHAPES, realShape } from './fixtures';
import { TODAY, savedPlan } from './memory-store';

/** Words as a person reads them: a dash between words is not one, and bold marks are not part of one. */
function words(text: string): string[] {
  return (
    text
      .split(/\s+/)
      // A note joined by a new reason ends in `;` (`— checked twice; waiting on Dana`).
      .map((word) => word.replace(/^\*\*|;$/g, '').replace(/\*\*$/, ''))
      .filter((word) => word && !/^(?:—|--|-|–)$/.test(word))
  );
}

/** The words of `wanted` that `text` does not hold (as many times as `wanted` has them). */
function missing(wanted: string[], text: string): string[] {
  const have = new Map<string, number>();
  for (const word of words(text)) have.set(word, (have.get(word) ?? 0) + 1);
  return wanted.filter((word) => {
    const count = have.get(word) ?? 0;
    have.set(word, count - 1);
    return count <= 0;
  });
}

const WALK: Array<[string, (manager: PlanManager, step: string) => unknown]> = [
  ['start', (manager, step) => manager.startTask(step)],
  ['block', (manager, step) => manager.blockTask(step, 'waiting for the finance export')],
  ['complete', (manager, step) => manager.completeTask(step)],
  ['reopen', (manager, step) => manager.reopenTask(step)],
];

describe('no word of a title is lost through start, block, complete and reopen', () => {
  test.each(REAL_SHAPES)('%s', (name) => {
    const original = realShape(name);
    const tasks = outlinePlan(original).tasks;
    const steps = tasks.map((task) => task.step);
    let walked = 0;
    for (const task of tasks) {
      const store = savedPlan(original);
      const text = () => store.text;
      const manager = new PlanManager(store, { source: 'sidebar', byPerson: true });
      const title = words(task.title);
      const annotation = words(task.note ?? '');
      for (const [action, act] of WALK) {
        const before = text();
        try {
          act(manager, task.step);
        } catch (error) {
          // A step written twice cannot be addressed, and some moves are no moves: nothing is written.
          if (!(error instanceof PlanError) || !['INVALID_PLAN', 'INVALID_TRANSITION'].includes(error.code))
            throw error;
          expect(text()).toBe(before);
          continue;
        }
        const outline = outlinePlan(text());
        const now = outline.tasks.find((candidate) => candidate.step === task.step)!;
        const line = outline.document.lines[now.line];
        const notes = outline.sections.notes;
        const notesText = notes ? outline.document.lines.slice(notes.heading, notes.end).join('\n') : '';
        const context = `${name}, ${task.step} after ${action}: ${line}`;
        expect([context, missing(title, line)]).toEqual([context, []]);
        expect([context, missing(annotation, `${line}\n${notesText}`)]).toEqual([context, []]);
        walked++;
      }
    }
    // Every task that can be addressed took at least one step (duplicated steps are refused as a whole).
    const addressable = steps.filter((step) => steps.indexOf(step) === steps.lastIndexOf(step)).length;
    expect(walked).toBeGreaterThanOrEqual(addressable * 2);
  });

  test('the rule on the issue\'s own lines: a code span holding " -- ", and an em dash as prose', () => {
    const plan =
      '# Plan: P\n\nGoal: G\n\n### Phase 1: Work\n- [ ] 1.1 Run `npm test -- --coverage` and fix failures\n' +
      '### Phase 2: API\n- [ ] 2.3 Add endpoint — same as v1, plus auth\n';
    const store = savedPlan(plan);
    const text = () => store.text;
    const manager = new PlanManager(store, { source: 'api' });
    manager.startTask('1.1');
    manager.startTask('2.3');
    // Each start writes the agent's claim under the task (src/core/rules/claims.ts); the task lines are the rule's
    // subject.
    expect(text().replace(/\n {2}- Working: api until [^\n]*/g, '')).toBe(
      plan
        .replace('- [ ] 1.1 Run', '- [/] 1.1 Run')
        .replace('- [ ] 2.3 Add endpoint — same as v1, plus auth', '- [/] 2.3 Add endpoint — same as v1, plus auth'),
    );
    // The reason joins the note: the title stays the title, and every word comes back in Notes when it goes.
    const blocked = manager.blockTask('2.3', 'waiting for the auth service');
    expect(text()).toContain('- [>] 2.3 Add endpoint — same as v1, plus auth; waiting for the auth service\n');
    expect(blocked).toMatchObject({
      title: 'Add endpoint',
      blockedReason: 'same as v1, plus auth; waiting for the auth service',
    });
    manager.startTask('2.3');
    expect(text()).toContain('- [/] 2.3 Add endpoint\n');
    expect(text()).toContain(
      `- ${TODAY}: 2.3 (Add endpoint) blocked reason was: same as v1, plus auth; waiting for the auth service`,
    );
  });
});
