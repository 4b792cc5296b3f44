// Verdict time before and after a trusted checkpoint on a grown ledger (one script, not a bench
// file): a small repository (one control `a`, a registered key for the cross auditor and one for
// the release authority, both pushed to a bare `origin`), a ledger grown in the documented format
// without the CLI to N entries (alternately a run of `a` and a signed cross audit of it, built by
// core/ledger's buildEntry and chained), committed and pushed. Times `hook stop` and `claim
// --control a --no-record` through bin/proofgate.js (medians of `runs`) at 3 entries, at N
// entries, and at N after `seal --checkpoint --authority-id virtual:release-owner` (committed).
//   npm run build && npx tsx test/bench/checkpoint-workload.ts [entries=100000] [runs=7]
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { buildEntry } from '../../scripts/lib/core/ledger/build-entry.ts';
import type { EntryDraft, LedgerEntry } from '../../scripts/lib/core/ledger/types.ts';
import { generateKey } from '../../scripts/lib/io/keys.ts';
import { manifestYaml } from '../helpers/manifest-fixture.ts';
import { BIN, ENV, STOP_PAYLOAD, git } from './plane-repo.ts';

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

function cli(dir: string, args: string[], env: Record<string, string> = {}, input = ''): number {
  const started = process.hrtime.bigint();
  try {
    execFileSync(process.execPath, [BIN, ...args], {
      cwd: dir,
      input,
      env: { ...ENV, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failed = error as { status?: number; stdout?: Buffer; stderr?: Buffer };
    throw new Error(
      `${args.join(' ')}: exit ${failed.status}: ${String(failed.stdout)}${String(failed.stderr)}`,
      { cause: error },
    );
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Repo {
  dir: string;
  keys: string;
  origin: string;
  segment: string;
  /** Where the next generated line goes: segment name, seq, prev and the other segments' heads. */
  name: string;
  seq: number;
  prev: string | null;
  heads: Record<string, string>;
  written: number;
  run: LedgerEntry;
  runHash: string;
  signer: ReturnType<typeof generateKey>['signer'];
}

function createRepo(): Repo {
  const dir = mkdtempSync(join(tmpdir(), 'pg-ckpt-bench-'));
  const keys = mkdtempSync(join(tmpdir(), 'pg-ckpt-bench-keys-'));
  const origin = mkdtempSync(join(tmpdir(), 'pg-ckpt-bench-origin-'));
  git(dir, 'init', '-q', '-b', 'main');
  git(origin, 'init', '-q', '--bare');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'app.js'), 'export const x = 1;\n');
  const key = generateKey();
  const keyed = `    stages: [cross]\n    keys:\n      - keyid: ${key.signer.keyid}\n        public_key: ${key.publicKeyBase64}\n        added: 2026-01-01T00:00:00.000Z\n`;
  const manifest = manifestYaml({ targetMaturity: 'prototype' }).replace(
    '  - id: virtual:quality\n    kind: virtual\n    stages: [cross]\n',
    `  - id: virtual:quality\n    kind: virtual\n${keyed}`,
  );
  const controls = join(dir, '.proofgate', 'controls');
  mkdirSync(controls, { recursive: true });
  writeFileSync(join(controls, 'manifest.yaml'), manifest);
  writeFileSync(join(controls, 'registry.yaml'), REGISTRY);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'plane');
  const env = { PROOFGATE_KEY_DIR: keys };
  cli(dir, ['keys', 'generate', '--authority-id', 'virtual:release-owner'], env);
  cli(dir, [
    'evaluate',
    '--run',
    '--authority-id',
    'virtual:developer',
    '--execution-context',
    'one',
  ]);
  const ledger = join(dir, '.proofgate', 'evidence', 'ledger');
  const name = execFileSync('ls', [ledger], { encoding: 'utf8' }).trim().split('\n')[0]!;
  const segment = join(ledger, name);
  const line = readFileSync(segment, 'utf8').trimEnd().split('\n').at(-1)!;
  const run = JSON.parse(line) as LedgerEntry;
  const repo: Repo = {
    dir,
    keys,
    origin,
    segment,
    name: run.segment,
    seq: run.seq + 1,
    prev: sha256Hex(line),
    heads: {},
    written: 0,
    run,
    runHash: sha256Hex(line),
    signer: key.signer,
  };
  append(repo, 1, 'audit');
  git(dir, 'remote', 'add', 'origin', origin);
  commit(repo, 'evidence');
  return repo;
}

/** Appends `count` entries: alternately a run and its signed cross audit ('audit': audits only). */
function append(repo: Repo, count: number, mix: 'both' | 'audit' = 'both'): void {
  const fd = openSync(repo.segment, 'a');
  const chunk: string[] = [];
  const start = Date.parse(repo.run.time) - 3 * 24 * 3600 * 1000;
  try {
    for (let i = 0; i < count; i++) {
      const isRun = mix === 'both' && repo.seq % 2 === 0;
      const time = new Date(start + repo.written).toISOString();
      const {
        control: _c,
        stage: _s,
        status: _st,
        ...details
      } = repo.run.body as Record<string, unknown>;
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
            body: {
              agreement: 'agree',
              control: 'a',
              differences: [],
              reviewed: repo.runHash,
              reviewed_status: 'PASS',
              run: details,
              stage: 'cross',
              status: 'PASS',
            } as LedgerEntry['body'],
            objects: repo.run.storage.objects,
          };
      const { entry, line } = buildEntry(
        draft,
        {
          ledger: repo.run.ledger,
          segment: repo.name,
          seq: repo.seq,
          prev: repo.prev,
          heads: { ...repo.heads, ...(repo.prev === null ? {} : { [repo.name]: repo.prev }) },
        },
        isRun ? undefined : repo.signer,
      );
      const hash = sha256Hex(line);
      if (isRun) repo.runHash = hash;
      void entry;
      repo.prev = hash;
      repo.seq += 1;
      repo.written += 1;
      chunk.push(line);
      if (chunk.length >= 2000) writeSync(fd, `${chunk.splice(0).join('\n')}\n`);
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

function commit(repo: Repo, message: string): void {
  git(repo.dir, 'add', '-A');
  git(repo.dir, 'commit', '-q', '-m', message);
  git(repo.dir, 'push', '-q', '-u', 'origin', 'HEAD:main');
}

function timeVerdicts(repo: Repo, runs: number, label: string): void {
  const stop: number[] = [];
  const claim: number[] = [];
  for (let i = 0; i < runs; i++) {
    stop.push(cli(repo.dir, ['hook', 'stop'], {}, STOP_PAYLOAD));
    claim.push(cli(repo.dir, ['claim', '--control', 'a', '--no-record']));
  }
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `${label}: hook stop ${median(stop).toFixed(0)} ms, claim ${median(claim).toFixed(0)} ms (medians of ${runs}; load ${load})`,
  );
}

const entries = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 7);
const repo = createRepo();
try {
  timeVerdicts(repo, runs, '3 entries');
  append(repo, entries - 3);
  commit(repo, 'grown');
  timeVerdicts(repo, runs, `${entries} entries, no checkpoint`);
  // The command a bench (or CI on the protected branch) makes a trusted checkpoint with.
  const sealed = cli(
    repo.dir,
    ['seal', '--archive-id', 'cp-1', '--checkpoint', '--authority-id', 'virtual:release-owner'],
    {
      PROOFGATE_KEY_DIR: repo.keys,
    },
  );
  commit(repo, 'checkpoint');
  console.log(`seal --checkpoint: ${sealed.toFixed(0)} ms`);
  timeVerdicts(repo, runs, `${entries} entries, after a checkpoint`);
  // Writers continue in a fresh segment after the seals, having seen every segment's head.
  const ledger = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  repo.heads = {};
  for (const file of readdirSync(ledger)) {
    const lines = readFileSync(join(ledger, file), 'utf8').trimEnd().split('\n');
    repo.heads[file.slice(0, -'.jsonl'.length)] = sha256Hex(lines.at(-1)!);
  }
  repo.name = `${repo.run.segment}-g2`;
  repo.segment = join(ledger, `${repo.name}.jsonl`);
  repo.seq = 0;
  repo.prev = null;
  append(repo, 1000);
  commit(repo, 'suffix');
  timeVerdicts(repo, runs, `${entries} entries + 1000 after the checkpoint`);
} finally {
  for (const dir of [repo.dir, repo.keys, repo.origin])
    rmSync(dir, { recursive: true, force: true });
}
