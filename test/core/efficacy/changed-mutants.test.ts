// Changed-line mutants (issue 46 part 4, issue 50 parts 3 and 5), pure: the changed lines read
// from a zero-context diff, when the check applies (policy, the last run's duration), how a
// survivor reads, what the verdict decides from the recorded entries, and the release policy's
// default from production_ready.
import { describe, expect, test } from 'vitest';
import {
  countChangedLines,
  isChangedLine,
  parseChangedLines,
} from '../../../scripts/lib/core/efficacy/changed-lines.ts';
import {
  changedMutantPolicy,
  describeMutant,
  isTestRun,
  judgeChangedMutants,
  mutantsApply,
} from '../../../scripts/lib/core/efficacy/changed-mutants.ts';
import {
  efficacyOptOut,
  isEfficacyRequiredForRelease,
  parseEfficacyBody,
} from '../../../scripts/lib/core/efficacy/efficacy-status.ts';
import type { ControlStatus } from '../../../scripts/lib/core/gate/status/compute-status.ts';
import type {
  JsonObject,
  StoredEntry,
  SubjectBinding,
} from '../../../scripts/lib/core/ledger/types.ts';
import type { Maturity } from '../../../scripts/lib/core/plane/types.ts';
import { makeManifest } from '../../helpers/fake-gate-io.ts';

const DIFF = `diff --git a/src/calc.js b/src/calc.js
index 1111111..2222222 100644
--- a/src/calc.js
+++ b/src/calc.js
@@ -1,0 +2,3 @@ export const add = (a, b) => a + b;
+export function min(a, b) {
+  return a > b ? a : b;
+}
@@ -9 +11 @@ x
-old
+new
@@ -20,2 +21,0 @@ y
-gone
-gone
diff --git a/src/old.js b/src/old.js
deleted file mode 100644
--- a/src/old.js
+++ /dev/null
@@ -1,2 +0,0 @@
-a
-b
`;

describe('parseChangedLines', () => {
  test('added and rewritten lines of the new side; pure deletions and deleted files add none', () => {
    const lines = parseChangedLines(DIFF);
    expect([...lines]).toEqual([
      [
        'src/calc.js',
        [
          [2, 4],
          [11, 11],
        ],
      ],
    ]);
    expect(isChangedLine(lines, 'src/calc.js', 3)).toBe(true);
    expect(isChangedLine(lines, 'src/calc.js', 5)).toBe(false);
    expect(isChangedLine(lines, 'src/old.js', 1)).toBe(false);
    expect(countChangedLines(lines)).toBe(4);
  });
});

describe('when the mutants apply', () => {
  const policy = changedMutantPolicy(makeManifest());
  test('by default: 3 mutants, on under 60 s, off at 60 s or more (said so)', () => {
    expect(policy).toEqual({ max: 3, slowControls: false });
    expect(mutantsApply(400, policy)).toEqual({
      on: true,
      why: 'on by default: its last run took 0.4 s, under 60 s',
    });
    expect(mutantsApply(160_000, policy)).toEqual({
      on: false,
      why: 'off: its last run took 160 s, 60 s or more (policies.changed_mutants.slow_controls: true turns it on)',
    });
  });
  test('by policy: slow controls on, or everything off with max 0', () => {
    const manifest = makeManifest();
    manifest.policies.changed_mutants = { slow_controls: true };
    expect(mutantsApply(160_000, changedMutantPolicy(manifest)).why).toBe(
      'on by policy (policies.changed_mutants.slow_controls): its last run took 160 s',
    );
    manifest.policies.changed_mutants = { max: 0 };
    expect(mutantsApply(10, changedMutantPolicy(manifest)).on).toBe(false);
  });
  test('a test run: a test command, or a runner summary that counted tests; lint is not', () => {
    expect(isTestRun({ execution: 'command', argv: ['npm', 'test'] })).toBe(true);
    expect(isTestRun({ execution: 'command', argv: ['eslint', '.'] })).toBe(false);
    expect(isTestRun({ execution: 'file' })).toBe(false);
  });
  test('a survivor names file, line, the code and what replaced it', () => {
    expect(
      describeMutant({
        file: 'src/calc.js',
        line: 2,
        operator: 'flip-comparison',
        before: 'a < b',
        after: 'a >= b',
      }),
    ).toBe('src/calc.js:2 `a < b` → `a >= b`');
  });
});

const COMMIT = 'b'.repeat(40);
const SUBJECT: SubjectBinding = { tree: 't1', manifest: 'm', registry: 'r', control: 'c1' };
let n = 0;
function stored(kind: 'run' | 'efficacy', body: JsonObject, subject = SUBJECT): StoredEntry {
  n += 1;
  return {
    hash: n.toString(16).padStart(64, '0'),
    file: 'evidence/ledger/x.jsonl',
    line: n,
    entry: {
      v: 1,
      kind,
      ledger: 'l',
      segment: 'x',
      seq: n - 1,
      prev: null,
      time: '2026-01-01T00:00:00.000Z',
      actor: { label: 'a', authority: 'virtual:developer', context: 'c' },
      subject,
      storage: { heads: {}, objects: [] },
      body,
    },
  };
}
const RUN: JsonObject = {
  control: 'ENG.TESTS',
  stage: 'self',
  status: 'PASS',
  execution: 'command',
  argv: ['npm', 'test'],
  exit_code: 0,
  duration_ms: 500,
  timed_out: false,
  truncated: false,
  authorizations: [],
};
const changed = (extra: JsonObject = {}): JsonObject => ({
  control: 'ENG.TESTS',
  method: 'mutate:changed',
  seed: 1,
  base: COMMIT,
  sites: 4,
  max: 3,
  mutants: 3,
  killed: 3,
  survived: [],
  inconclusive: 0,
  ...extra,
});
function statusOf(run: StoredEntry): ControlStatus {
  const self = { stage: 'self', status: 'PASS', reason: '', entry: run.hash, flaky: false };
  return {
    control: 'ENG.TESTS',
    title: 't',
    owner: 'o',
    execution: 'command',
    status: 'PASS',
    reason: '',
    flaky: false,
    stages: { self, cross: self, release_authority: self },
  } as unknown as ControlStatus;
}
function judge(entries: StoredEntry[], manifest = makeManifest()) {
  const run = entries[0];
  if (run === undefined) throw new Error('no run');
  return judgeChangedMutants({
    statuses: [statusOf(run)],
    entries,
    subjects: new Map([['ENG.TESTS', SUBJECT]]),
    base: { ref: 'origin/main', commit: COMMIT },
    manifest,
  });
}

describe('judgeChangedMutants: the verdict reads the recorded entries only', () => {
  test('all killed on the current code: no blocker, the report says what applied', () => {
    const found = judge([stored('run', RUN), stored('efficacy', changed())]);
    expect(found.blockers).toEqual([]);
    expect(found.report?.controls[0]).toMatchObject({ control: 'ENG.TESTS', killed: 3 });
  });
  test('a survivor refuses, naming it', () => {
    const survivor = { file: 'src/calc.js', line: 2, operator: 'flip-comparison' };
    const found = judge([
      stored('run', RUN),
      stored(
        'efficacy',
        changed({ killed: 2, survived: [{ ...survivor, before: 'a < b', after: 'a >= b' }] }),
      ),
    ]);
    expect(found.blockers.map((b) => b.reason)).toEqual([
      'changed code not caught: src/calc.js:2 `a < b` → `a >= b` survives ENG.TESTS',
    ]);
  });
  test('no result for this code (other tree, other base): refused until evaluated', () => {
    const other = { ...SUBJECT, tree: 't0' };
    const found = judge([
      stored('run', RUN),
      stored('efficacy', changed(), other),
      stored('efficacy', changed({ base: 'c'.repeat(40) })),
    ]);
    expect(found.blockers[0]?.reason).toBe(
      'changed code not yet mutated: no changed-line mutant result of ENG.TESTS for this code since origin/main',
    );
    expect(found.blockers[0]?.next).toBe('proofgate evaluate --run --control ENG.TESTS');
  });
  test('fewer planted than the rules ask (evaluate --max-mutants 1): refused', () => {
    const found = judge([
      stored('run', RUN),
      stored('efficacy', changed({ max: 1, mutants: 1, killed: 1 })),
    ]);
    expect(found.blockers[0]?.reason).toBe(
      'changed code under-mutated: 1 of 3 changed-line mutants planted (the rules ask for up to 3)',
    );
  });
  test('no site on the changed lines: not a refusal', () => {
    const found = judge([
      stored('run', RUN),
      stored('efficacy', changed({ sites: 0, mutants: 0, killed: 0 })),
    ]);
    expect(found.blockers).toEqual([]);
    expect(found.report?.controls[0]?.sites).toBe(0);
  });
  test('a slow control is off by default, said so; a lint control is never asked', () => {
    const slow = judge([stored('run', { ...RUN, duration_ms: 160_000 })]);
    expect(slow.blockers).toEqual([]);
    expect(slow.report?.controls[0]?.why).toMatch(/^off: its last run took 160 s/);
    expect(judge([stored('run', { ...RUN, argv: ['eslint', '.'] })]).report).toBeUndefined();
  });
  test('a body whose counts do not add up, or planted more than its sites, never counts', () => {
    expect(parseEfficacyBody(changed({ mutants: 5, killed: 5, sites: 4 }))).toBeUndefined();
    expect(parseEfficacyBody(changed({ base: 'HEAD' }))).toBeUndefined();
  });
});

describe('release efficacy by maturity (issue 50 part 5)', () => {
  const at = (target: Maturity, set?: boolean) => {
    const manifest = makeManifest();
    manifest.profile.target_maturity = target;
    if (set !== undefined) manifest.policies.efficacy_required_for_release = set;
    return manifest;
  };
  test('required by default from production_ready, not below', () => {
    expect(isEfficacyRequiredForRelease(at('engineering_ready'))).toBe(false);
    expect(isEfficacyRequiredForRelease(at('production_ready'))).toBe(true);
    expect(isEfficacyRequiredForRelease(at('regulated_ready'))).toBe(true);
    expect(isEfficacyRequiredForRelease(at('prototype', true))).toBe(true);
  });
  test("the owner's opt-out holds and is said in the verdict", () => {
    expect(isEfficacyRequiredForRelease(at('production_ready', false))).toBe(false);
    expect(efficacyOptOut(at('production_ready', false))).toBe(
      'efficacy not required for this release: the manifest opts out (policies.efficacy_required_for_release: false) at production_ready, where it is required by default',
    );
    expect(efficacyOptOut(at('engineering_ready', false))).toBeUndefined();
  });
});
