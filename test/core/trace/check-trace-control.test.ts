import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTraceControl } from '../../../scripts/lib/flows/trace/trace-control.ts';
import { PACKS } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

function fixtureRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pg-trace-control-'));
  mkdirSync(join(root, 'controls', 'traces'), { recursive: true });
  cpSync(join(PACKS, 'refund.yaml'), join(root, 'controls', 'traces', 'refund.yaml'));
  cpSync(join(PACKS, 'examples', 'refund'), join(root, 'traces', 'refund'), { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
  return root;
}

describe('checkTraceControl', () => {
  test('PASS on good traces, with the report to store as evidence', async () => {
    const root = fixtureRoot();
    const result = await checkTraceControl(
      root,
      {
        pack: 'controls/traces/refund.yaml',
        traces: ['traces/**/good.*.jsonl'],
      },
      TRACE_PART.trace,
    );
    expect(result).toMatchObject({ status: 'PASS', findings: [] });
    expect(result.summary).toMatch(/^PASS /);
    expect(result.report?.traces.map((t) => t.file)).toEqual(['traces/refund/good.events.jsonl']);
  });

  test('FAIL on a block finding, naming the trace', async () => {
    const root = fixtureRoot();
    const result = await checkTraceControl(
      root,
      {
        pack: 'controls/traces/refund.yaml',
        traces: ['traces/refund/*.jsonl'],
      },
      TRACE_PART.trace,
    );
    expect(result.status).toBe('FAIL');
    expect(result.findings[0]).toMatchObject({
      trace: 'traces/refund/bad.events.jsonl',
      rule: 'VERIFY_BEFORE_REFUND',
    });
  });

  test('FAIL when no file matches and when a trace is unreadable', async () => {
    const root = fixtureRoot();
    expect(
      (
        await checkTraceControl(
          root,
          {
            pack: 'controls/traces/refund.yaml',
            traces: ['nothing/*.jsonl'],
          },
          TRACE_PART.trace,
        )
      ).status,
    ).toBe('FAIL');
    writeFileSync(join(root, 'traces', 'garbage.jsonl'), 'not json\n');
    const result = await checkTraceControl(
      root,
      {
        pack: 'controls/traces/refund.yaml',
        traces: ['traces/garbage.jsonl', 'traces/refund/good.events.jsonl'],
      },
      TRACE_PART.trace,
    );
    expect(result.status).toBe('FAIL');
    expect(result.summary).toMatch(/^ERROR /);
  });

  test('an invalid pack is a configuration error, not a FAIL', async () => {
    const root = fixtureRoot();
    writeFileSync(join(root, 'controls', 'traces', 'bad.yaml'), 'pack: x\nrules: []\n');
    await expect(
      checkTraceControl(
        root,
        { pack: 'controls/traces/bad.yaml', traces: ['traces/**'] },
        TRACE_PART.trace,
      ),
    ).rejects.toThrow(/not a valid trace rule pack/);
  });

  test('a glob that leaves the root is a configuration error, not an empty match', async () => {
    const root = fixtureRoot();
    for (const traces of [['../*'], ['/etc/passwd'], ['traces/../../x']]) {
      await expect(
        checkTraceControl(root, { pack: 'controls/traces/refund.yaml', traces }, TRACE_PART.trace),
      ).rejects.toMatchObject({ code: 'GLOB_INVALID', exitCode: 2 });
    }
  });
});
