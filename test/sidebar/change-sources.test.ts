/** The sidebar says who changed the plan in words: an agent by the name a person gave it. */
import { describeSource } from '../../sidebar/src/controller';

test.each([
  ['agent:Claude on my laptop', 'Claude on my laptop'],
  ['api', 'the agent'],
  ['sidebar', 'you'],
  ['menu', 'you (from the menu)'],
  ['cell edit', 'an edit in the cell'],
])('%s reads as "%s"', (source, words) => {
  expect(describeSource(source)).toBe(words);
});
