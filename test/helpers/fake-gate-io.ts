// An in-memory GateIO for flow tests: a plane held in memory, a ledger array whose entries are
// canonicalised (so floats or undefined in a body fail loudly), a Map object store and scripted
// commands instead of processes.
import { existsSync } from 'node:fs';
import { canonicalize } from '../../scripts/lib/core/shared/canonical.ts';
import { digestJson, sha256Hex } from '../../scripts/lib/core/hash.ts';
import type {
  LedgerEntry,
  ObjectStore,
  StoredEntry,
  SubjectBinding,
} from '../../scripts/lib/core/ledger/types.ts';
import type { Control, Manifest, Registry } from '../../scripts/lib/core/plane/types.ts';
import type { PathState, TraceOutcome } from '../../scripts/lib/core/ports.ts';
import type { World, WorldExtras } from '../../scripts/lib/core/world/world.ts';
import { WORLD_PARTS } from '../../scripts/lib/cli/world/world-parts.ts';
import { KNOWLEDGE_PART } from '../../scripts/lib/cli/world/knowledge-part.ts';
import { REPO_PART } from '../../scripts/lib/cli/world/repo-part.ts';
import { CANDIDATE_PART } from '../../scripts/lib/cli/world/candidate-part.ts';
import { PLANE_EDITS_PART } from '../../scripts/lib/cli/world/plane-edits-part.ts';
import { LEDGER_REPAIR_PART } from '../../scripts/lib/cli/world/ledger-repair-part.ts';
import { TRACE_PART } from '../../scripts/lib/cli/world/trace-part.ts';
import { UsageError } from '../../scripts/lib/core/errors.ts';
import type { Plane } from '../../scripts/lib/core/plane/plane.ts';
import type { RunCommandRequest, RunCommandResult } from '../../scripts/lib/core/ports.ts';
import type { Actor, EntryDraft } from '../../scripts/lib/core/ledger/types.ts';
import type { AuditFlowOptions } from '../../scripts/lib/flows/audit/audit-flow.ts';
import type { EvaluateRunOptions } from '../../scripts/lib/flows/run/evaluate-flow.ts';

export const ROOT = '/work/project';

export function makeManifest(overrides: Partial<Manifest> = {}): Manifest {
  return {
    version: 1,
    ledger_id: 'ledger-test',
    project: { name: 'demo' },
    profile: {
      development_mode: 'ai_greenfield',
      target_maturity: 'engineering_ready',
      product_type: ['library'],
      distribution_model: 'open_source',
      criticality: 'medium',
      data_sensitivity: 'internal',
      ai_system: false,
      scope_mode: 'full_repo',
    },
    scope: { include: ['**'], exclude: [] },
    authorities: [
      { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
      { id: 'virtual:quality', kind: 'virtual', stages: ['cross'] },
      { id: 'human:alice', kind: 'human', stages: ['self', 'release_authority'] },
    ],
    policies: {
      claims: {
        task: { required_stages: ['self'] },
        project: { required_stages: ['self', 'cross'] },
        release: { required_stages: ['self', 'cross', 'release_authority'] },
      },
      evidence: { output_cap_bytes: 4096, redact_env: ['DEPLOY_HOOK'] },
      unmapped_instructions: 'warn',
    },
    ...overrides,
  };
}

/** The manifest at prototype: the maturity at which unsigned, label-only audits still count. */
export function makePrototypeManifest(overrides: Partial<Manifest> = {}): Manifest {
  const manifest = makeManifest(overrides);
  return { ...manifest, profile: { ...manifest.profile, target_maturity: 'prototype' } };
}

export function makeControl(
  id: string,
  execution: Control['execution'],
  extra: Partial<Control> = {},
): Control {
  return {
    id,
    title: `control ${id}`,
    owner: 'human:alice',
    requirements: [],
    risks: [],
    applies: { value: true },
    required_from_maturity: 'prototype',
    execution,
    evidence_required: [],
    ...extra,
  };
}

export function command(
  argv: string[],
  extra: Partial<Extract<Control['execution'], { type: 'command' }>> = {},
): Control['execution'] {
  return { type: 'command', argv, ...extra };
}

type Script = (request: RunCommandRequest) => Promise<RunCommandResult> | RunCommandResult;

/** The in-memory gate inside a world whose other ports are the real adapters (as flows used them). */
export interface FakeGateIO extends World, WorldExtras {
  plane: Plane;
  stored: StoredEntry[];
  store: Map<string, Uint8Array>;
  requests: RunCommandRequest[];
  /** The current tree id; change it to simulate a code edit. */
  tree: string;
  /** The paths changedPaths answers (what the change touched since any base); none by default. */
  changed: string[];
  /** Current inputs digest per control id (controls with `inputs`). */
  inputs: Map<string, string>;
  files: Map<string, Uint8Array>;
  traces: Map<string, TraceOutcome>;
  /** Highest number of appends that were in flight at once (must stay 1). */
  maxConcurrentAppends: number;
  script: Script;
}

export function output(
  text: string,
  exitCode = 0,
  extra: Partial<RunCommandResult> = {},
): RunCommandResult {
  const bytes = new TextEncoder().encode(text);
  return {
    ok: true,
    exitCode,
    signal: null,
    timedOut: false,
    durationMs: 2300,
    rawSha256: sha256Hex(bytes),
    rawBytes: bytes.length,
    head: bytes,
    tail: new Uint8Array(),
    omittedBytes: 0,
    ...extra,
  } as RunCommandResult;
}

/** Scripted commands: `pass`, `fail`, `echo <text...>`, `sleep <ms>`, `missing` (ENOENT). */
export const defaultScript: Script = async (request) => {
  const [name, ...args] = request.argv;
  if (name === 'pass') return output('ok\n');
  if (name === 'fail') return output('1 test failed\n', 1);
  if (name === 'echo') return output(`${args.join(' ')}\n`);
  if (name === 'sleep') {
    await new Promise((r) => setTimeout(r, Number(args[0])));
    return output('slept\n');
  }
  return {
    ok: false,
    reason: 'spawn_failed',
    code: 'ENOENT',
    detail: `cannot start ${name}: ENOENT`,
    durationMs: 1,
  };
};

export function createFakeGateIO(
  controls: Control[],
  manifest: Manifest = makeManifest(),
): FakeGateIO {
  const registry: Registry = { version: 1, controls };
  const plane: Plane = {
    root: ROOT,
    dir: `${ROOT}/.proofgate`,
    rel: '.proofgate',
    manifest,
    registry,
    manifestPath: '',
    registryPath: '',
  };
  const store = new Map<string, Uint8Array>();
  let inFlight = 0;
  const objects: ObjectStore = {
    put: (data) => {
      const digest = sha256Hex(data);
      store.set(digest, data);
      return Promise.resolve(digest);
    },
    get: (digest) => Promise.resolve(store.get(digest)),
    has: (digest) => Promise.resolve(store.has(digest)),
  };
  const io: FakeGateIO = {
    ...WORLD_PARTS,
    ...KNOWLEDGE_PART,
    ...TRACE_PART,
    ...REPO_PART,
    ...CANDIDATE_PART,
    ...PLANE_EDITS_PART,
    ...LEDGER_REPAIR_PART,
    // The fake root is no repository: what changed since a base, and a base's files, are nothing
    // there (a real directory still asks git).
    git: {
      ...WORLD_PARTS.git,
      listChangedPaths: (root, ...rest) =>
        existsSync(root) ? WORLD_PARTS.git.listChangedPaths(root, ...rest) : Promise.resolve([]),
      readFilesAt: (root, ...rest) =>
        existsSync(root) ? WORLD_PARTS.git.readFilesAt(root, ...rest) : Promise.resolve(new Map()),
    },
    trust: undefined,
    resolveRoot: (rootOption) => Promise.resolve(rootOption ?? ROOT),
    ledgerUpstream: () => Promise.resolve(undefined),
    loadTrace: () => Promise.resolve(TRACE_PART.trace),
    signKeyless: () => Promise.reject(new Error('the fake gate signs no entry keyless')),
    plane,
    stored: [],
    store,
    requests: [],
    tree: 'a'.repeat(40),
    changed: [],
    inputs: new Map(),
    files: new Map(),
    traces: new Map(),
    maxConcurrentAppends: 0,
    script: defaultScript,
    loadPlane: () => Promise.resolve(plane),
    computeSubjects: (p, list) => {
      const map = new Map<string, SubjectBinding>();
      for (const control of list) {
        const subject: SubjectBinding = {
          tree: io.tree,
          manifest: digestJson(p.manifest),
          registry: digestJson(p.registry),
          control: digestJson(control),
        };
        if (control.inputs !== undefined)
          subject.inputs = io.inputs.get(control.id) ?? 'f'.repeat(64);
        map.set(control.id, subject);
      }
      return Promise.resolve(map);
    },
    readEntries: () => Promise.resolve([...io.stored]),
    changedPaths: () => Promise.resolve([...io.changed]),
    proveCommitted: () => Promise.resolve([]),
    append: async (_p, draft: EntryDraft) => {
      inFlight += 1;
      io.maxConcurrentAppends = Math.max(io.maxConcurrentAppends, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      const prev = io.stored.at(-1);
      const entry: LedgerEntry = {
        v: 1,
        kind: draft.kind,
        ledger: manifest.ledger_id,
        segment: 'test',
        seq: io.stored.length,
        prev: prev?.hash ?? null,
        time: draft.time,
        actor: draft.actor,
        subject: draft.subject,
        storage: { heads: {}, objects: [...new Set(draft.objects ?? [])].sort() },
        body: draft.body,
      };
      const line = canonicalize(entry);
      const stored: StoredEntry = {
        entry: JSON.parse(line) as LedgerEntry,
        hash: sha256Hex(line),
        file: 'ledger/test.jsonl',
        line: io.stored.length + 1,
      };
      io.stored.push(stored);
      inFlight -= 1;
      return stored;
    },
    objects: () => objects,
    runCommand: (request) => {
      io.requests.push(request);
      return Promise.resolve(io.script(request));
    },
    checkTrace: (_root, execution) => {
      const outcome = io.traces.get(execution.pack);
      if (outcome === undefined)
        throw new UsageError('UNKNOWN_ID', `no trace pack ${execution.pack}`);
      return Promise.resolve(outcome);
    },
    statPath: (_root, path): Promise<PathState> =>
      Promise.resolve(path.startsWith('..') ? 'outside' : io.files.has(path) ? 'file' : 'absent'),
    readFile: (_root, path) => {
      const bytes = io.files.get(path);
      if (bytes === undefined) throw new UsageError('BAD_VALUE', `no file ${path}`);
      return Promise.resolve(bytes);
    },
  };
  return io;
}

/** The fake gate over a prototype plane, for flows that record unsigned, label-only audits. */
export function createPrototypeGateIO(
  controls: Control[],
  manifest: Manifest = makePrototypeManifest(),
): FakeGateIO {
  return createFakeGateIO(controls, manifest);
}

/** `evaluate --run` of every control on the fake root by `actor`, one job at a time. */
export const runAllBy = (actor: Actor): EvaluateRunOptions => ({
  root: '/',
  controls: [],
  actor,
  authorize: [],
  jobs: 1,
  dryRun: false,
});

/** A cross audit by `actor` of the latest run of every control, one job at a time. */
export const crossAuditBy = (
  actor: Actor,
  overrides: Partial<AuditFlowOptions> = {},
): AuditFlowOptions => ({
  root: '/',
  stage: 'cross',
  review: 'latest',
  controls: [],
  actor,
  authorize: [],
  jobs: 1,
  ...overrides,
});
