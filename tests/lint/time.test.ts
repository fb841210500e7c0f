/**
 * Time is an input (eslint.config.js, `no-restricted-syntax` on src/): a component or the content layer
 * that reads the clock (`Date.now()`, `new Date()` with no arguments) is an error that says where the
 * date comes from instead; a date made from a value is fine.
 */
// @tier slow: runs ESLint
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { virtualLinter } from '../helpers/virtual-lint';

const NO_CLOCK =
  'src/ never reads the clock: a page is the same for the same date. Take the date it is made for as it comes in (useToday() in a component, RenderData.today, a `today` parameter); the command or the server reads the clock once (--today) and passes it down.';

const messages = virtualLinter(['src/content/example', 'src/sections/example'], ['no-restricted-syntax']);

describe('src/ never reads the clock', () => {
  it('Date.now() and new Date() in the content layer are errors that say where the date comes from', async () => {
    const code = `export const stamp = Date.now();
export const today = new Date().toISOString().slice(0, 10);
`;
    expect(await messages(code, 'src/content/example/probe.ts')).toEqual([NO_CLOCK, NO_CLOCK]);
  });

  it('so is new Date() in a section component', async () => {
    const code = `export default function Year() {
  return <p>© {new Date().getFullYear()}</p>;
}
`;
    expect(await messages(code, 'src/sections/example/component.tsx')).toEqual([NO_CLOCK]);
  });

  it('a date made from a value, or a date given, is fine', async () => {
    const code = `export const start = new Date(Date.UTC(2027, 0, 11));
export const parsed = Date.parse('2027-01-11T00:00:00Z');
export const later = (today: string) => new Date(\`\${today}T00:00:00Z\`);
`;
    expect(await messages(code, 'src/content/example/probe.ts')).toEqual([]);
  });
});
