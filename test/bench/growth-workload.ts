// The repository the ledger-growth bench grows: the 50k-file shape of plane-repo.ts with one
// control `a`, a registered Ed25519 key for the cross auditor (virtual:quality), one real `run`
// entry written by the CLI, then entries appended in the documented format without the CLI:
// alternately a `run` of `a` (the real run's body and subject, a later time) and a cross audit
// of that run signed with the auditor's key, each line built by the real core/ledger functions
// (buildEntry: canonical form, DSSE signature, parse check) and chained to the one before.
// The repository has an upstream (a bare `origin`), pushed after each growth step.
import {
  closeSync,
  mkdirSync,
  readdirSync,
  statSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import type { EntryDraft, LedgerEntry, Signer } from '../../scripts/lib/core/ledger/types.ts';
import { generateKey } from '../../scripts/lib/io/keys/keys.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { BIN, DEV_EVALUATE, git, runCli, syntheticRepo } from './plane-repo.ts';

export interface GrowthRepo {
  dir: string;
  /** The one segment file the entries are appended to. */
  segment: string;
  /** Entries in it now. */
  entries: number;
  signer: Signer;
  /** The last entry and the hash of its line (the chain continues from it). */
  last: { entry: LedgerEntry; hash: string };
  /** The CLI's own run entry: its body, subject and objects are reused by every generated run. */
  run: LedgerEntry;
  /** The hash of the latest run line (what the next audit reviews). */
  runHash: string;
  /** Where the generated entries' times start (ms since the epoch), one ms apart. */
  clock: number;
  /** The bare repository standing in for the protected remote. */
  origin: string;
  /** PROOFGATE_KEY_DIR holding the release authority's private key (the checkpoint's signer). */
  keyDir: string;
  /** Entries when the last checkpoint was written (undefined: none yet). */
  checkpointAt?: number;
}

const REGISTRY = `version: 1
controls:
  - id: a
    title: a
    owner: virtual:developer
    requirements: []
    risks: []
    applies: { value: true }
    required_from_maturity: prototype
    execution: { type: command, argv: ['true'] }
    evidence_required: [command output]
`;

function parseLast(text: string): { entry: LedgerEntry; hash: string } {
  const line = text.trimEnd().split('\n').at(-1) ?? '';
  return { entry: JSON.parse(line) as LedgerEntry, hash: sha256Hex(line) };
}

/** Builds the repository: plane, key, one real run by the CLI, committed and pushed. */
export function createGrowthRepo(files: number, bin = BIN): GrowthRepo {
  const dir = syntheticRepo('proofgate-bench-growth-', files, true);
  const key = generateKey();
  const keyed = `    stages: [cross]\n    keys:\n      - keyid: ${key.signer.keyid}\n        public_key: ${key.publicKeyBase64}\n        added: 2026-01-01T00:00:00.000Z\n`;
  const manifest = manifestYaml({ targetMaturity: 'prototype' }).replace(
    '  - id: virtual:quality\n    kind: virtual\n    stages: [cross]\n',
    `  - id: virtual:quality\n    kind: virtual\n${keyed}`,
  );
  if (!manifest.includes(key.signer.keyid)) throw new Error('growth: the key was not registered');
  const controls = join(dir, '.proofgate', 'controls');
  mkdirSync(controls, { recursive: true });
  writeFileSync(join(controls, 'manifest.yaml'), manifest);
  writeFileSync(join(controls, 'registry.yaml'), REGISTRY);
  // The release authority's key, registered by the CLI and pushed with the plane: the checkpoint
  // seal it signs is then trusted under the upstream's rules.
  const keyDir = mkdtempSync(join(tmpdir(), 'proofgate-bench-growth-keys-'));
  runCli(
    bin,
    dir,
    ['authority', 'keys', 'generate', '--authority-id', 'virtual:release-owner'],
    '',
    0,
    { PROOFGATE_KEY_DIR: keyDir },
  );
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'synthetic');
  runCli(bin, dir, DEV_EVALUATE);
  const segment = newestSegment(dir);
  const last = parseLast(readFileSync(segment, 'utf8'));
  const repo: GrowthRepo = {
    dir,
    segment,
    entries: 1,
    signer: key.signer,
    last,
    run: last.entry,
    runHash: last.hash,
    clock: Date.parse(last.entry.time) - 3 * 24 * 3600 * 1000,
    origin: mkdtempSync(join(tmpdir(), 'proofgate-bench-growth-origin-')),
    keyDir,
  };
  git(repo.origin, 'init', '-q', '--bare');
  git(dir, 'remote', 'add', 'origin', repo.origin);
  // The run's cross audit, signed: the task claim then holds (self and cross, current).
  appendEntries(repo, 1, 'audit');
  commitAndPush(repo, 'evidence', true);
  return repo;
}

/** The segment file written last (the writer's current one). */
function newestSegment(dir: string): string {
  const ledgerDir = join(dir, '.proofgate', 'evidence', 'ledger');
  const files = readdirSync(ledgerDir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(ledgerDir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (files[0] === undefined) throw new Error(`growth: no ledger segment in ${ledgerDir}`);
  return files[0];
}

/**
 * A trusted checkpoint: `seal --checkpoint` signed by the release authority and committed, then a
 * real run in the fresh segment the writer moved to and its signed cross audit, committed and
 * pushed. The generated entries continue in that segment. Once per size (the bench's rows share
 * it).
 */
export function checkpoint(repo: GrowthRepo, bin = BIN): void {
  if (repo.checkpointAt === repo.entries) return;
  const seal = ['seal', '--archive-id', `growth-${repo.entries}`, '--checkpoint'];
  const signer = { PROOFGATE_KEY_DIR: repo.keyDir };
  runCli(bin, repo.dir, [...seal, '--authority-id', 'virtual:release-owner'], '', 0, signer);
  // Committed before the run after it, as references/seal.md says: a checkpoint whose covered
  // segments are not at HEAD as sealed is not used, and the run would read the whole ledger.
  commitAndPush(repo, 'seal the checkpoint', false);
  runCli(bin, repo.dir, DEV_EVALUATE);
  repo.segment = newestSegment(repo.dir);
  repo.last = parseLast(readFileSync(repo.segment, 'utf8'));
  repo.run = repo.last.entry;
  repo.runHash = repo.last.hash;
  appendEntries(repo, 1, 'audit');
  commitAndPush(repo, 'checkpoint', true);
  repo.checkpointAt = repo.entries;
}

function auditBody(run: LedgerEntry, runHash: string): LedgerEntry['body'] {
  const { control: _c, stage: _s, status: _st, ...details } = run.body as Record<string, unknown>;
  return {
    agreement: 'agree',
    control: 'a',
    differences: [],
    reviewed: runHash,
    reviewed_status: 'PASS',
    run: details,
    stage: 'cross',
    status: 'PASS',
  } as LedgerEntry['body'];
}

/**
 * Appends `count` entries to the segment file (not committed): `mix` 'both' alternates a run and
 * its signed cross audit, 'audit' writes audits of the latest run only.
 */
export function appendEntries(
  repo: GrowthRepo,
  count: number,
  mix: 'both' | 'audit' = 'both',
): void {
  const fd = openSync(repo.segment, 'a');
  const chunk: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const isRun = mix === 'both' && (repo.entries + i) % 2 === 0;
      const time = new Date(repo.clock + repo.entries + i).toISOString();
      const draft: EntryDraft = isRun
        ? {
            kind: 'run',
            time,
            actor: { label: 'agent', authority: 'virtual:developer', context: 'one' },
            subject: repo.run.subject,
            body: repo.run.body,
            objects: repo.run.storage.objects,
          }
        : {
            kind: 'audit',
            time,
            actor: { label: 'auditor', authority: 'virtual:quality', context: 'two' },
            subject: repo.run.subject,
            body: auditBody(repo.run, repo.runHash),
            objects: repo.run.storage.objects,
          };
      const { entry, line } = buildEntry(
        draft,
        {
          ledger: repo.last.entry.ledger,
          segment: repo.last.entry.segment,
          seq: repo.last.entry.seq + 1,
          prev: repo.last.hash,
          heads: { [repo.last.entry.segment]: repo.last.hash },
        },
        isRun ? undefined : repo.signer,
      );
      const hash = sha256Hex(line);
      if (isRun) repo.runHash = hash;
      repo.last = { entry, hash };
      chunk.push(line);
      if (chunk.length >= 2000) writeSync(fd, `${chunk.splice(0).join('\n')}\n`);
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  repo.entries += count;
}

/** Commits the ledger; pushes it to `origin` (created on first use) when `push` is set. */
export function commitAndPush(repo: GrowthRepo, message: string, push: boolean): void {
  git(repo.dir, 'add', '-A');
  git(repo.dir, 'commit', '-q', '-m', message);
  if (push) git(repo.dir, 'push', '-q', '-u', 'origin', 'HEAD:main');
}

/** `git gc`, then the pack size in bytes (`git count-objects -v`, size-pack in KiB). */
export function packBytes(dir: string): number {
  git(dir, 'gc', '-q');
  const line = git(dir, 'count-objects', '-v')
    .split('\n')
    .find((l) => l.startsWith('size-pack:'));
  return Number(line?.split(':')[1]?.trim() ?? NaN) * 1024;
}

export function removeRepo(repo: GrowthRepo): void {
  for (const dir of [repo.dir, repo.origin, repo.keyDir])
    rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
}
