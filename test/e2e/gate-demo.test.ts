// `npm run demo` is itself a test: every step must give the exit code it states.
import { expect, it } from 'vitest';
import { runDemo } from '../../scripts/demo.ts';
import { createTestContext } from '../helpers/context.ts';

it('the demo tells the whole story and every step gives its expected exit code', async () => {
  const ctx = createTestContext({
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', TZ: 'UTC' },
    now: new Date().toISOString(),
  });
  const code = await runDemo(ctx);
  const out = ctx.stdout();
  expect(out).toMatch(/DEMO OK: all 11 steps/);
  expect(out).not.toContain('✗');
  for (const verdict of [
    'REFUSED [task]',
    'AGREED cross audit',
    'COMPLETED [task]',
    'STALE',
    'TAMPERED',
  ])
    expect(out).toContain(verdict);
  expect(code).toBe(0);
});
