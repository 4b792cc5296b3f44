// `init --from-archive` replaces a plane only when bound to a sealed archive of it that re-verifies
// (references/init.md "Replacing a plane"). Each refusal is tried the way an agent with write access
// to the tree would: edit or delete an archived object, rewrite the archive manifest, forge an
// archive no seal names, borrow another repository's archive (with a seal entry pointing at it),
// or change the plane after sealing. Ported from the peer's predecessor-archive scenarios.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDirsPerTest } from '../helpers/git-repo.ts';
import { VALID_PROFILE, listTree, runVerb, writeFiles } from '../helpers/plane-cli.ts';

const tempDir = tempDirsPerTest();

const PROJECT_OWNED: Record<string, string> = {
  '.proofgate/knowledge/facts.jsonl': '{"op":"fact","id":"F-0001","text":"kept"}\n',
  '.proofgate/knowledge/decisions.jsonl': '{"op":"decision","id":"ND-0001"}\n',
  '.proofgate/controls/rules/custom.yaml': 'rule: our own\n',
};

/** A repository with a plane, project-owned files, everything committed. */
async function planeRepo(): Promise<string> {
  const dir = tempDir('pg-reinit-');
  writeFiles(dir, { 'profile.yaml': VALID_PROFILE });
  const git = (...args: string[]): void => {
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir });
  };
  git('init', '-q');
  expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
  writeFiles(dir, PROJECT_OWNED);
  git('add', '-A');
  git('commit', '-q', '-m', 'plane');
  return dir;
}

interface Sealed {
  manifest: string;
  files: { path: string; sha256: string }[];
}

async function sealArchive(dir: string, id = 'pre-reinit'): Promise<Sealed> {
  const run = await runVerb(['seal', '--archive-id', id, '--archive', '--json'], dir);
  expect(run.code).toBe(0);
  const manifest = (JSON.parse(run.stdout) as { archive: { manifest: string } }).archive.manifest;
  const { files } = JSON.parse(readFileSync(objectPath(dir, manifest), 'utf8')) as {
    files: Sealed['files'];
  };
  return { manifest, files };
}

function objectPath(dir: string, digest: string): string {
  return join(dir, '.proofgate', 'evidence', 'objects', 'sha256', digest.slice(0, 2), digest);
}

function rewriteObject(dir: string, digest: string, text: string): void {
  const path = objectPath(dir, digest);
  chmodSync(path, 0o644);
  writeFileSync(path, text);
}

const REINIT = ['init', '--profile', 'profile.yaml', '--criticality', 'high'];

describe('init --from-archive: the happy path', () => {
  test('the plane is replaced, project-owned files carried over byte for byte, the ledger continues', async () => {
    const dir = await planeRepo();
    const ledgerDir = join(dir, '.proofgate', 'evidence', 'ledger');
    const sealed = await sealArchive(dir);
    const before = new Map(
      readdirSync(ledgerDir).map((f) => [f, readFileSync(join(ledgerDir, f), 'utf8')]),
    );
    const oldManifest = readFileSync(join(dir, '.proofgate/controls/manifest.yaml'), 'utf8');
    const run = await runVerb([...REINIT, '--from-archive', 'pre-reinit'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('replaced the control plane in .proofgate/ from sealed archive');
    for (const [path, text] of Object.entries(PROJECT_OWNED))
      expect(readFileSync(join(dir, path), 'utf8')).toBe(text);
    const manifest = readFileSync(join(dir, '.proofgate/controls/manifest.yaml'), 'utf8');
    expect(manifest).toContain('criticality: high');
    expect(manifest).toContain(`archive_id: pre-reinit\n  digest: ${sealed.manifest}`);
    expect(manifest).toContain(/ledger_id: (\S+)/.exec(oldManifest)?.[0] ?? 'no ledger id');
    // history kept: every segment still starts with its old bytes, and a note names the archive
    for (const [file, text] of before)
      expect(readFileSync(join(ledgerDir, file), 'utf8').startsWith(text)).toBe(true);
    const notes = readdirSync(ledgerDir)
      .flatMap((f) => readFileSync(join(ledgerDir, f), 'utf8').split('\n'))
      .filter((l) => l.includes('"plane-predecessor"'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(sealed.manifest);
    expect((await runVerb(['verify', '--full'], dir)).code).toBe(0);
  });

  test('without --from-archive a different profile is refused, and the printed route works', async () => {
    const dir = await planeRepo();
    const refused = await runVerb(REINIT, dir);
    expect(refused.code).toBe(2);
    const next =
      /next: .*proofgate (seal --archive-id \S+ --archive), then proofgate init .*--from-archive (\S+)/.exec(
        refused.stderr,
      );
    expect(next).not.toBeNull();
    const [, sealArgs, id] = next ?? [];
    expect((await runVerb(sealArgs!.split(' '), dir)).code).toBe(0);
    expect((await runVerb([...REINIT, '--from-archive', id!], dir)).code).toBe(0);
  });
});

describe('init --from-archive refuses an archive that does not re-verify, writing nothing', () => {
  async function refused(
    dir: string,
    id = 'pre-reinit',
  ): Promise<{ code: number; stderr: string }> {
    const before = listTree(join(dir, '.proofgate'));
    const run = await runVerb([...REINIT, '--from-archive', id], dir);
    expect(listTree(join(dir, '.proofgate'))).toEqual(before);
    return run;
  }

  test('one archived file edited: exit 3, and verify --full finds it', async () => {
    const dir = await planeRepo();
    const sealed = await sealArchive(dir);
    const custom = sealed.files.find((f) => f.path === 'controls/rules/custom.yaml');
    rewriteObject(dir, custom!.sha256, 'rule: rewritten by the agent\n');
    const run = await refused(dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/OBJECT_CORRUPT|does not re-hash/);
    expect((await runVerb(['verify', '--full'], dir)).code).toBe(3);
  });

  test('one archived file deleted: exit 3', async () => {
    const dir = await planeRepo();
    const sealed = await sealArchive(dir);
    const facts = sealed.files.find((f) => f.path === 'knowledge/facts.jsonl');
    rmSync(objectPath(dir, facts!.sha256));
    const run = await refused(dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('OBJECT_MISSING');
  });

  test('the archive manifest rewritten to list other files: exit 3', async () => {
    const dir = await planeRepo();
    const sealed = await sealArchive(dir);
    const text = readFileSync(objectPath(dir, sealed.manifest), 'utf8');
    rewriteObject(dir, sealed.manifest, text.replace('custom.yaml', 'custom.yml'));
    const run = await refused(dir);
    expect(run.code).toBe(3);
    expect((await runVerb(['verify', '--full'], dir)).code).toBe(3);
    // every verdict runs the same integrity check: a claim is refused as tampered, not decided
    const claim = await runVerb(['claim', '--scope', 'project', '--no-record'], dir);
    expect(claim.code).toBe(3);
    expect(claim.stderr).toContain('OBJECT_CORRUPT');
  });

  test('a forged archive no seal names (objects copied in by hand): exit 2, unknown id', async () => {
    const dir = await planeRepo();
    const other = await planeRepo();
    await sealArchive(other, 'forged');
    cpSync(join(other, '.proofgate/evidence/objects'), join(dir, '.proofgate/evidence/objects'), {
      recursive: true,
    });
    const run = await refused(dir, 'forged');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no plane archive forged in this ledger');
    // a seal of that id without --archive holds no copy of the plane either
    expect((await runVerb(['seal', '--archive-id', 'forged'], dir)).code).toBe(0);
    const again = await refused(dir, 'forged');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('recorded without --archive');
  });

  test("another repository's archive, named by a seal entry appended here: exit 3", async () => {
    const dir = await planeRepo();
    const other = await planeRepo();
    const borrowed = await sealArchive(other, 'borrowed');
    cpSync(join(other, '.proofgate/evidence/objects'), join(dir, '.proofgate/evidence/objects'), {
      recursive: true,
    });
    await appendSeal(dir, 'borrowed', borrowed, 'all');
    const verify = await runVerb(['verify', '--full'], dir);
    expect(verify.code).toBe(3);
    expect(verify.stdout + verify.stderr).toMatch(/belongs to ledger pg-\w+, not this plane's/);
    const run = await refused(dir, 'borrowed');
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/belongs to ledger pg-\w+, not this plane's/);
  });

  test('a seal whose objects leave out an archived file (so nothing re-hashes it): exit 3', async () => {
    const dir = await planeRepo();
    const own = await sealArchive(dir, 'first');
    await appendSeal(dir, 'first', own, 'manifest only');
    const verify = await runVerb(['verify', '--full'], dir);
    expect(verify.code).toBe(3);
    expect(verify.stdout + verify.stderr).toContain("is not among the seal entry's objects");
    expect((await refused(dir, 'first')).code).toBe(3);
  });

  test('the plane changed after sealing: exit 2 naming the change', async () => {
    const dir = await planeRepo();
    await sealArchive(dir);
    writeFiles(dir, { '.proofgate/knowledge/facts.jsonl': '{"op":"fact","id":"F-0002"}\n' });
    const run = await refused(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('knowledge/facts.jsonl: changed since the archive was sealed');
  });
});

/** Appends a seal naming `sealed` through the ledger appender, as any writer of the tree could. */
async function appendSeal(
  dir: string,
  id: string,
  sealed: Sealed,
  objectsOf: 'all' | 'manifest only',
): Promise<void> {
  const { loadPlane } = await import('../../scripts/lib/io/plane/plane.ts');
  const { appendEntry } = await import('../../scripts/lib/io/ledger/ledger-store.ts');
  const { readMetaSubject } = await import('../../scripts/lib/io/subject/meta-subject.ts');
  const { computeInventory } = await import('../../scripts/lib/core/ledger/verify-seals.ts');
  const plane = loadPlane(dir);
  const objects = [
    sealed.manifest,
    ...(objectsOf === 'all' ? sealed.files.map((f) => f.sha256) : []),
  ];
  await appendEntry(plane, {
    kind: 'seal',
    time: '2026-01-01T00:00:00.000Z',
    actor: { label: 'agent', authority: 'virtual:developer', context: 'local:agent' },
    subject: await readMetaSubject(plane),
    body: {
      archive_id: id,
      heads: {},
      ...computeInventory([]),
      archive: { manifest: sealed.manifest, files: sealed.files.length },
    },
    objects,
  });
}

describe('init --from-archive puts the plane back when the predecessor note cannot be appended', () => {
  test('the writer segment is unwritable: no plane change survives, and nothing is recorded', async () => {
    const dir = await planeRepo();
    await sealArchive(dir);
    const ledgerDir = join(dir, '.proofgate', 'evidence', 'ledger');
    const writer = readdirSync(ledgerDir).find((f) => f !== 'root.jsonl' && f.endsWith('.jsonl'));
    // a directory where the appender's next segment goes: the append fails after the plane was written
    mkdirSync(join(ledgerDir, writer!.replace(/\.jsonl$/, '-g1.jsonl')));
    const before = listTree(join(dir, '.proofgate'));
    const run = await runVerb([...REINIT, '--from-archive', 'pre-reinit'], dir);
    // it failed at the append, after the plane files were replaced (exit 4, the directory named)
    expect(run.stdout).not.toContain('replaced the control plane');
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('EISDIR');
    // a clear error naming the segment, never a stack trace
    expect(run.stderr).toContain('cannot open the ledger segment for append');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(listTree(join(dir, '.proofgate'))).toEqual(before);
  });
});
