// A verdict over a checkpoint's retained lines plus the suffix equals the verdict over the whole
// ledger: random ledgers of several writers (segments that record each other's heads), runs and
// audits on several trees, PASS, FAIL, disputes, keyed and label actors, audits reviewing earlier
// runs; a checkpoint after a random prefix, later writers continuing in fresh segments. Every
// control's status (every stage, reason, deciding entry, strength) is compared for every tree as
// the current one, at prototype and at engineering_ready (where only signed audits count).
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { computeStatuses } from '../../scripts/lib/core/gate/status/compute-status.ts';
import { digestJson, sha256Hex } from '../../scripts/lib/core/hash.ts';
import {
  inFileOrder,
  namesOnlyKnown,
  retainForCheckpoint,
} from '../../scripts/lib/core/ledger/checkpoint-retain.ts';
import type {
  LedgerEntry,
  StoredEntry,
  SubjectBinding,
} from '../../scripts/lib/core/ledger/types.ts';
import type { Maturity } from '../../scripts/lib/core/plane/types.ts';
import { command, makeControl, makeManifest } from '../helpers/fake-gate-io.ts';

const controls = ['A', 'B'].map((id) => makeControl(id, command(['pass'])));
const TREES = ['1', '2', '3'].map((c) => c.repeat(40));
const KEY = 'k'.repeat(64);
const manifest = makeManifest({
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    {
      id: 'virtual:quality',
      kind: 'virtual',
      stages: ['cross'],
      keys: [{ keyid: KEY, public_key: 'x', added: '2026-01-01' }],
    },
  ],
});

const op = fc.record({
  writer: fc.nat(2),
  control: fc.nat(1),
  isAudit: fc.boolean(),
  /** Mostly the first tree: re-runs of unchanged code. */
  tree: fc.nat(5).map((n) => Math.max(0, n - 3)),
  /** Mostly PASS, signed and re-run, so that superseded lines exist. */
  isFail: fc.nat(59).map((n) => n === 0),
  isDisputed: fc.nat(79).map((n) => n === 0),
  isSigned: fc.nat(4).map((n) => n !== 0),
  /** How far this writer has caught up with each other writer (0: not at all, 2: fully). */
  sees: fc.array(
    fc.nat(7).map((n) => Math.max(0, n - 5)),
    { minLength: 3, maxLength: 3 },
  ),
  reviews: fc.nat(40),
  /** Same output as the writer's previous line (a re-run), or a fresh one. */
  isRerun: fc.nat(4).map((n) => n !== 0),
});
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

class Ledger {
  readonly all: StoredEntry[] = [];
  private readonly lines = new Map<string, StoredEntry[]>();
  private readonly seen = new Map<string, Map<string, number>>();

  last(segment: string): StoredEntry | undefined {
    return this.lines.get(segment)?.at(-1);
  }

  segments(): string[] {
    return [...this.lines.keys()];
  }

  write(segment: string, o: Op, others: readonly string[]): void {
    const own = this.lines.get(segment) ?? [];
    this.lines.set(segment, own);
    const caught = this.seen.get(segment) ?? new Map<string, number>();
    this.seen.set(segment, caught);
    const heads: Record<string, string> = {};
    const prev = own.at(-1);
    if (prev !== undefined) heads[segment] = prev.hash;
    others.forEach((other, i) => {
      const lines = this.lines.get(other) ?? [];
      if (other === segment || lines.length === 0) return;
      const step = o.sees[i % 3]!;
      const before = caught.get(other) ?? -1;
      const at =
        step === 0 ? before : step === 1 ? Math.max(before, lines.length - 2) : lines.length - 1;
      if (at < 0) return;
      caught.set(other, at);
      heads[other] = lines[at]!.hash;
    });
    const control = controls[o.control]!;
    const subject: SubjectBinding = {
      tree: TREES[o.tree]!,
      manifest: 'm'.repeat(64),
      registry: 'r'.repeat(64),
      control: digestJson(control),
    };
    const runs = this.all.filter((e) => e.entry.kind === 'run');
    const reviewed = runs.length === 0 ? undefined : runs[o.reviews % runs.length]!;
    const isAudit = o.isAudit && reviewed !== undefined;
    const status = o.isFail ? 'FAIL' : 'PASS';
    const body = isAudit
      ? {
          control: control.id,
          stage: 'cross',
          reviewed: reviewed.hash,
          reviewed_status: 'PASS',
          status: o.isDisputed ? 'FAIL' : status,
          agreement: o.isDisputed ? 'disputed' : 'agree',
          differences: o.isDisputed ? ['status'] : [],
        }
      : {
          control: control.id,
          stage: 'self',
          status,
          execution: 'command',
          exit_code: o.isFail ? 1 : 0,
          duration_ms: o.isRerun ? 5 : own.length,
          timed_out: false,
          truncated: false,
          authorizations: [],
        };
    const actor = isAudit
      ? {
          label: 'q',
          authority: 'virtual:quality',
          context: 'ci',
          ...(o.isSigned ? { keyid: KEY } : {}),
        }
      : { label: 'd', authority: 'virtual:developer', context: `local:${segment}` };
    const entry = {
      v: 1,
      kind: isAudit ? 'audit' : 'run',
      ledger: 'l',
      segment,
      seq: own.length,
      prev: prev?.hash ?? null,
      time: '2026-01-01T00:00:00.000Z',
      actor,
      subject,
      storage: { heads, objects: [] },
      body,
    } as unknown as LedgerEntry;
    const hash = sha256Hex(`${segment}:${own.length}:${JSON.stringify(entry)}`);
    const stored: StoredEntry = { entry, hash, file: `${segment}.jsonl`, line: own.length + 1 };
    own.push(stored);
    this.all.push(stored);
  }
}

function statusesOf(entries: readonly StoredEntry[], tree: string, maturity: Maturity) {
  const subjects = new Map(
    controls.map((c) => [c.id, { tree, manifest: 'm', registry: 'r', control: digestJson(c) }]),
  );
  return computeStatuses({
    controls,
    subjects: subjects,
    entries,
    now: new Date('2026-02-01T00:00:00Z'),
    manifest,
    maturity,
  });
}

test.prop(
  [
    fc.array(op, { minLength: 1, maxLength: 80, size: 'max' }),
    fc.array(op, { maxLength: 20, size: 'max' }),
  ],
  {
    seed: 2911,
    numRuns: 200,
  },
)(
  'statuses over retained ∪ suffix equal statuses over the whole ledger',
  (before, after) => {
    const ledger = new Ledger();
    const writers = ['w0', 'w1', 'w2'];
    for (const o of before) ledger.write(writers[o.writer]!, o, writers);
    const prefix = [...ledger.all];
    // After the checkpoint every writer continues in a fresh segment that has seen every head.
    const fresh = writers.map((w) => `${w}-g1`);
    const everything = [...ledger.segments(), ...fresh];
    for (const o of after) ledger.write(fresh[o.writer]!, { ...o, sees: [2, 2, 2] }, everything);
    const suffix = ledger.all.slice(prefix.length);
    const kept = retainForCheckpoint(prefix);
    const retained = prefix.filter((e) => kept.has(e.hash));
    const entries = inFileOrder(retained, suffix);
    const full = inFileOrder(prefix, suffix);
    // A suffix naming a dropped line makes the verdict read the whole ledger (nothing to compare).
    if (!namesOnlyKnown(entries, suffix)) return;
    for (const tree of TREES) {
      for (const maturity of ['prototype', 'engineering_ready'] as const) {
        expect(statusesOf(entries, tree, maturity)).toEqual(statusesOf(full, tree, maturity));
      }
    }
    // Every segment's last line stays: the checkpoint's heads are always at hand.
    for (const segment of ledger.segments()) {
      const last = prefix.filter((e) => e.entry.segment === segment).at(-1);
      if (last !== undefined) expect(kept.has(last.hash)).toBe(true);
    }
  },
  120_000,
);

test.prop([fc.array(op, { minLength: 20, maxLength: 80 })], { seed: 7, numRuns: 50 })(
  'a single writer re-running PASS on one tree keeps a bounded number of lines',
  (ops) => {
    const ledger = new Ledger();
    for (const o of ops) {
      const pass = { ...o, isFail: false, isDisputed: false, isAudit: false, tree: 0 };
      ledger.write('w0', { ...pass, isRerun: true }, ['w0']);
    }
    const kept = retainForCheckpoint(ledger.all);
    // One control definition × tree: the last PASS of each control survives.
    expect(kept.size).toBeLessThanOrEqual(2);
  },
);
