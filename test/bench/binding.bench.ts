// Subject binding on a synthetic 50k-file repository (issue 2 benchmarks), against the Python
// peer's approach measured in the same run: list `git ls-files -co --exclude-standard` and
// sha256 every file's bytes on every call.
import { createHash } from 'node:crypto';
import { appendFileSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { computeSubjectTree } from '../../scripts/lib/io/subject/subject.ts';
import type { Bench } from './harness.ts';
import { git, syntheticRepo } from './plane-repo.ts';

const PER_DIR = 100;
const EXCLUDES = ['.proofgate/evidence/', '.proofgate/knowledge/'];
// A subproject plane's scope: one directory of the synthetic tree plus the plane.
const SUBPROJECT = ['src/d1/**', '.proofgate/'];

let repo: Promise<string> | undefined;

// One repository per process: 50k files of ~1 KB in 500 directories, one `git add` and commit.
function getRepo(): Promise<string> {
  repo ??= Promise.resolve().then(() => {
    const dir = syntheticRepo('proofgate-bench-binding-');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'synthetic');
    return dir;
  });
  return repo;
}

// The peer's workspace hash, transcribed to node (sequential reads, one sha256 stream).
function hashLikePeer(dir: string): string {
  const listed = git(dir, 'ls-files', '-co', '--exclude-standard', '-z').split('\0');
  const hash = createHash('sha256');
  for (const path of listed.filter((p) => p !== '').sort()) {
    if (path.startsWith('.proofgate/evidence/')) continue;
    hash.update(path).update('\0');
    const full = join(dir, path);
    const info = lstatSync(full, { throwIfNoEntry: false });
    if (info === undefined) hash.update('missing\0');
    else if (info.isSymbolicLink()) hash.update('link\0').update(readlinkSync(full));
    else hash.update(info.mode & 0o111 ? 'file-executable\0' : 'file-regular\0');
    if (info?.isFile() === true) hash.update(readFileSync(full));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const tree = async (state: unknown): Promise<void> => {
  await computeSubjectTree(state as string, { excludes: EXCLUDES });
};
const uncachedTree = async (state: unknown): Promise<void> => {
  await computeSubjectTree(state as string, { excludes: EXCLUDES, cache: false });
};

async function warm(): Promise<string> {
  const dir = await getRepo();
  await computeSubjectTree(dir, { excludes: EXCLUDES });
  return dir;
}

export const benches: Bench[] = [
  {
    name: 'reference: git status, 50k clean',
    runs: 11,
    setup: getRepo,
    fn: (state) => Promise.resolve(void git(state as string, 'status', '--porcelain')),
  },
  {
    name: 'peer approach: ls-files + sha256 all, 50k clean',
    runs: 5,
    setup: getRepo,
    fn: (state) => Promise.resolve(void hashLikePeer(state as string)),
  },
  {
    name: 'subject tree, 50k files, clean, warm (subject cache hit)',
    target: '<= 400 ms median',
    targetMs: 400,
    baseline: 'reference: git status, 50k clean',
    runs: 11,
    setup: warm,
    fn: tree,
  },
  {
    name: 'subject tree, 50k files, clean, subject cache off (whole-tree git add)',
    baseline: 'reference: git status, 50k clean',
    runs: 11,
    setup: warm,
    fn: uncachedTree,
  },
  {
    name: 'subject tree, 50k files, subproject src/d1/** (100 files), subject cache off',
    baseline: 'subject tree, 50k files, clean, subject cache off (whole-tree git add)',
    runs: 11,
    setup: warm,
    fn: async (state) => {
      await computeSubjectTree(state as string, {
        excludes: EXCLUDES,
        includes: SUBPROJECT,
        cache: false,
      });
    },
  },
  {
    name: 'subject tree, 50k files, subproject src/d1/**, warm (subject cache hit)',
    baseline: 'reference: git status, 50k clean',
    runs: 11,
    setup: async () => {
      const dir = await getRepo();
      await computeSubjectTree(dir, { excludes: EXCLUDES, includes: SUBPROJECT });
      return dir;
    },
    fn: async (state) => {
      await computeSubjectTree(state as string, { excludes: EXCLUDES, includes: SUBPROJECT });
    },
  },
  {
    name: 'subject tree, 50k files, 100 modified, warm (subject cache hit)',
    target: '<= 400 ms median',
    targetMs: 400,
    baseline: 'reference: git status, 50k clean',
    runs: 11,
    setup: async () => {
      const dir = await getRepo();
      for (let i = 0; i < 100; i++) {
        const file = join(dir, 'src', `d${i * 5}`, `f${i * 5 * PER_DIR}.ts`);
        appendFileSync(file, `// modified ${i}\n`);
      }
      return warm();
    },
    fn: tree,
  },
  {
    name: 'peer approach: ls-files + sha256 all, 50k, 100 modified',
    runs: 5,
    setup: getRepo,
    fn: (state) => Promise.resolve(void hashLikePeer(state as string)),
  },
];
