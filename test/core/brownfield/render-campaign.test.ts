// A refused baseline names at most 20 new violations and counts the rest, so a lint run that
// grew by thousands does not flood the terminal; --json keeps every one.
import { expect, test } from 'vitest';
import { renderCampaign } from '../../../scripts/lib/render/campaign.ts';

test('a refused baseline lists 20 new violations and counts the others', () => {
  const growth = Array.from({ length: 25 }, (_, i) => `no-var:a.ts:f${i}`);
  const text = renderCampaign({
    action: 'baseline',
    baseline: {
      recorded: false,
      control: 'Q.lint',
      reason: '25 violations are new',
      run: 'a'.repeat(64),
      growth,
    },
  });
  const lines = text.trimEnd().split('\n');
  expect(lines.filter((l) => l.startsWith('  new: '))).toHaveLength(20);
  expect(lines.at(-1)).toBe('  … and 5 more new violations (--json lists every one)');
  expect(text).not.toContain('f20');
});
