// Efficacy evidence as `status` and the release claim read it: malformed bodies never count, the
// latest entry about the current control definition decides, and the manifest policy turns every
// unproven or ineffective hard gate into a release blocker.
import { describe, expect, test } from 'vitest';
import {
  efficacyStatus,
  findEfficacyGaps,
  parseEfficacyBody,
} from '../../../scripts/lib/core/efficacy/efficacy-status.ts';
import { listPatchSites } from '../../../scripts/lib/core/efficacy/patch-sites.ts';
import type { JsonObject, StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import { makeControl, makeManifest } from '../../helpers/fake-gate-io.ts';

const body = (extra: JsonObject = {}): JsonObject => ({
  control: 'unit',
  method: 'mutate:all',
  seed: 1,
  mutants: 3,
  killed: 2,
  survived: [{ file: 'src/a.ts', line: 4, operator: 'drop-return' }],
  inconclusive: 0,
  ...extra,
});

let n = 0;
function stored(b: JsonObject, time: string, control = 'd1', kind = 'efficacy'): StoredEntry {
  n += 1;
  return {
    hash: n.toString(16).padStart(64, '0'),
    file: 'evidence/ledger/x.jsonl',
    line: n,
    entry: {
      v: 1,
      kind: kind as 'efficacy',
      ledger: 'l',
      segment: 'x',
      seq: n - 1,
      prev: null,
      time,
      actor: { label: 'a', authority: 'virtual:developer', context: 'c' },
      subject: { tree: 't', manifest: 'm', registry: 'r', control },
      storage: { heads: {}, objects: [] },
      body: b,
    },
  };
}

describe('parseEfficacyBody', () => {
  test('a well-formed body round-trips', () => {
    expect(parseEfficacyBody(body())).toEqual(body());
  });
  test.each([
    ['unknown method', { method: 'mutate:nope' }],
    ['counts that do not add up', { killed: 3 }],
    ['a float', { mutants: 2.5 }],
    ['a negative count', { inconclusive: -1 }],
    ['a bad survivor', { survived: [{ file: 'a', line: '4', operator: 'x' }] }],
    ['a bad patch digest', { method: 'patch', patch: 'ABC' }],
  ])('%s is malformed', (_why, extra) => {
    expect(parseEfficacyBody(body(extra as JsonObject))).toBeUndefined();
  });
});

describe('efficacyStatus', () => {
  test('no entry: unproven', () => {
    expect(efficacyStatus([], 'unit')).toEqual({
      control: 'unit',
      status: 'unproven',
      mutants: 0,
      killed: 0,
    });
  });

  test('the latest entry decides; killing none is ineffective', () => {
    const early = stored(body(), '2026-01-01T00:00:00.000Z');
    const late = stored(
      body({ killed: 0, survived: [], inconclusive: 3 }),
      '2026-01-02T00:00:00.000Z',
    );
    expect(efficacyStatus([late, early], 'unit')).toMatchObject({
      status: 'ineffective',
      entry: late.hash,
    });
    expect(efficacyStatus([early], 'unit')).toMatchObject({ status: 'proven', killed: 2 });
  });

  test('ledger order decides, not the dates: a proven entry dated 2099 before an ineffective one', () => {
    const forged = stored(body(), '2099-01-01T00:00:00.000Z');
    const later = stored(
      body({ killed: 0, survived: [], inconclusive: 3 }),
      '2026-01-02T00:00:00.000Z',
    );
    expect(efficacyStatus([forged, later], 'unit')).toMatchObject({
      status: 'ineffective',
      entry: later.hash,
    });
  });

  test('only entries about the current control definition count when a digest is given', () => {
    const old = stored(body(), '2026-01-01T00:00:00.000Z', 'old-digest');
    expect(efficacyStatus([old], 'unit', 'new-digest').status).toBe('unproven');
    expect(efficacyStatus([old], 'unit', 'old-digest').status).toBe('proven');
  });

  test('malformed bodies, other kinds and other controls never count', () => {
    const entries = [
      stored(body({ killed: 9 }), '2026-01-03T00:00:00.000Z'),
      stored(body(), '2026-01-03T00:00:00.000Z', 'd1', 'run'),
      stored(body({ control: 'lint' }), '2026-01-03T00:00:00.000Z'),
    ];
    expect(efficacyStatus(entries, 'unit').status).toBe('unproven');
  });
});

describe('findEfficacyGaps', () => {
  const controls = [
    makeControl('unit', { type: 'command', argv: ['npm', 'test'] }),
    makeControl('lint', { type: 'command', argv: ['npm', 'run', 'lint'] }),
    makeControl('review', { type: 'manual' }),
    makeControl(
      'later',
      { type: 'command', argv: ['x'] },
      { required_from_maturity: 'regulated_ready' },
    ),
  ];
  const entries = [stored(body(), '2026-01-01T00:00:00.000Z')];

  test('policy off: nothing blocks', () => {
    expect(findEfficacyGaps(makeManifest(), controls, entries)).toEqual([]);
  });

  test('policy on: every required hard gate without proof blocks, manual ones never', () => {
    const manifest = makeManifest();
    manifest.policies.efficacy_required_for_release = true;
    const gaps = findEfficacyGaps(manifest, controls, entries);
    expect(gaps.map((g) => [g.control, g.status])).toEqual([['lint', 'unproven']]);
    expect(gaps[0]?.next).toBe('proofgate efficacy --control lint --mutate all');
  });

  test('a file control takes --mutate all; a trace control is pointed at a hand-written patch', () => {
    const manifest = makeManifest();
    manifest.policies.efficacy_required_for_release = true;
    const file = makeControl('license', { type: 'file', path: 'LICENSE', condition: 'exists' });
    const trace = makeControl('agent', { type: 'trace', pack: 'p.yaml', traces: ['t.jsonl'] });
    const gaps = findEfficacyGaps(manifest, [file, trace], []);
    expect(gaps.map((g) => g.next)).toEqual([
      'proofgate efficacy --control license --mutate all',
      'write a defect as a patch ("git diff > defect.patch", then restore the code), then: proofgate efficacy --control agent --patch defect.patch',
    ]);
  });
});

// An imported report (efficacy --from-report) is a tool's claim, written by whoever can write the
// report file: it never proves a hard gate for a release unless the manifest accepts imports.
describe('imported mutation reports', () => {
  const imported = (extra: JsonObject = {}): JsonObject =>
    body({
      method: 'report:mutation-testing',
      seed: undefined as unknown as number,
      source: 'imported',
      report: 'a'.repeat(64),
      tool: 'StrykerJS 9.6.1',
      test_command: 'same',
      timeout: 0,
      excluded: 0,
      ...extra,
    });
  const clean = (b: JsonObject): JsonObject =>
    Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined));
  const unit = [makeControl('unit', { type: 'command', argv: ['npm', 'test'] })];

  test('a well-formed imported body parses; one without its labels never counts', () => {
    expect(parseEfficacyBody(clean(imported()))).toMatchObject({
      source: 'imported',
      tool: 'StrykerJS 9.6.1',
    });
    expect(parseEfficacyBody(clean(imported({ test_command: 'maybe' })))).toBeUndefined();
    expect(
      parseEfficacyBody(clean(imported({ source: undefined as unknown as string }))),
    ).toBeUndefined();
    expect(parseEfficacyBody(clean(imported({ report: 'short' })))).toBeUndefined();
    // a run's body cannot claim to be imported, nor an import pass for a run
    expect(parseEfficacyBody(body({ source: 'imported' }))).toBeUndefined();
  });

  test('status shows the import; a release refuses it unless policies.efficacy_accepts_imported', () => {
    const entries = [stored(clean(imported()), '2026-01-01T00:00:00.000Z')];
    expect(efficacyStatus(entries, 'unit')).toMatchObject({ status: 'proven', imported: true });
    const manifest = makeManifest();
    manifest.policies.efficacy_required_for_release = true;
    const gaps = findEfficacyGaps(manifest, unit, entries);
    expect(gaps.map((g) => [g.control, g.status])).toEqual([['unit', 'unproven']]);
    expect(gaps[0]?.reason).toContain('only an imported mutation report');
    expect(gaps[0]?.next).toBe('proofgate efficacy --control unit --mutate all');
    manifest.policies.efficacy_accepts_imported = true;
    expect(findEfficacyGaps(manifest, unit, entries)).toEqual([]);
  });

  test('a later import does not hide a run that proved the control', () => {
    const entries = [
      stored(body(), '2026-01-01T00:00:00.000Z'),
      stored(clean(imported({ killed: 0, survived: [], mutants: 0 })), '2026-01-02T00:00:00.000Z'),
    ];
    const manifest = makeManifest();
    manifest.policies.efficacy_required_for_release = true;
    expect(findEfficacyGaps(manifest, unit, entries)).toEqual([]);
  });
});

test('listPatchSites names each changed file and its first hunk line', () => {
  const patch = [
    'diff --git a/src/a.ts b/src/a.ts',
    '--- a/src/a.ts',
    '+++ b/src/a.ts',
    '@@ -10,2 +12,2 @@',
    '-x',
    '+y',
    '@@ -40 +40 @@',
    '--- a/old.ts',
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
  ].join('\n');
  expect(listPatchSites(patch)).toEqual([
    { file: 'src/a.ts', line: 12, operator: 'patch' },
    { file: 'old.ts', line: 0, operator: 'patch' },
  ]);
});
