// The test files a change weakened since the trusted base (core/teeth/weigh-teeth.ts), read
// through the world: the paths changed between the base commit and the working tree on disk
// (committed, uncommitted and untracked), each test file's bytes at the base and now. Every claim
// scope decided against a base takes it (claim-now.ts); without a base there is nothing to
// compare with, and nothing is said.
import type { World } from '../../core/world/world.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { StoredEntry, SubjectBinding } from '../../core/ledger/types.ts';
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { ClaimDecision } from '../../core/gate/claim/decide-claim.ts';
import { subjectScopeOf, type SubjectScope } from '../../core/binding/build-subject.ts';
import { needsSignedStages } from '../../core/gate/authority/stage-strength.ts';
import { isTestFile, languageOf } from '../../core/teeth/test-language.ts';
import { weighTeeth } from '../../core/teeth/weigh-teeth.ts';
import {
  reportTestTeeth,
  testFileDigest,
  withTestTeeth,
  type TestTeethReport,
} from '../../core/gate/claim/test-teeth.ts';

type TeethWorld = Pick<World, 'changedPaths' | 'subject' | 'git' | 'statPath' | 'readFile'>;

/** What the decision gathered: the ledger, and the subject bindings (their tree is the change's). */
interface Gathered {
  entries: readonly StoredEntry[];
  subjects: ReadonlyMap<string, SubjectBinding>;
}

/**
 * `decided` refused when a changed test file lost assertions or gained a skip or only marker
 * since the base (unless the release authority approved the file as it is now), with the report.
 */
export async function gateByTestTeeth<T extends { decision: ClaimDecision }>(
  decided: T,
  plane: Plane,
  rules: Plane,
  atBase: BaseRules | undefined,
  gathered: Gathered,
  io: TeethWorld,
): Promise<T & { teeth?: TestTeethReport }> {
  if (atBase === undefined) return decided;
  const teeth = await weighTestFiles(plane, rules, atBase, gathered, io);
  if (teeth === undefined) return decided;
  return { ...decided, decision: withTestTeeth(decided.decision, teeth, rules.manifest), teeth };
}

async function weighTestFiles(
  plane: Plane,
  rules: Plane,
  atBase: BaseRules,
  { entries, subjects }: Gathered,
  io: TeethWorld,
): Promise<TestTeethReport | undefined> {
  // The deciding rules' scope: outputs the change declares (which every binding leaves out) do
  // not hide a test file from this comparison (the file is then read from disk, not the tree).
  const scope = io.subject.withSkillExcludes(
    subjectScopeOf(plane.rel, rules.manifest, rules.registry),
    io.subject.installedSkillExcludes(plane.root),
  );
  const changed = await changedSince(plane, scope, atBase.commit, subjects, io);
  if (changed === undefined) return undefined;
  // A Rust file outside a test folder is a test file when it holds #[test]: its texts decide.
  const candidates = changed.filter(
    (p) => languageOf(p) === 'rust' || (languageOf(p) !== undefined && isTestFile(p)),
  );
  if (candidates.length === 0) return undefined;
  const before = await io.git.readFilesAt(plane.root, atBase.commit, candidates);
  const now = new Map<string, Uint8Array>();
  for (const path of candidates)
    if ((await io.statPath(plane.root, path)) === 'file')
      now.set(path, await io.readFile(plane.root, path));
  const text = (bytes: Uint8Array | undefined) =>
    bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
  const weighed = weighTeeth(
    candidates.map((path) => ({
      path,
      base: text(before.get(path)),
      now: text(now.get(path)),
    })),
  );
  if (weighed.files.length === 0) return undefined;
  const digests = new Map(
    weighed.losses.map((l) => [l.path, testFileDigest(l.path, now.get(l.path))]),
  );
  const manifest = rules.manifest;
  const signed = needsSignedStages(manifest.profile.target_maturity);
  return reportTestTeeth(atBase.base, weighed, digests, entries, manifest, signed);
}

/**
 * The paths changed between the base commit and the tree the subject bindings were computed from
 * (the files on disk; one `git diff-tree`), else from a subject tree of their own (a decision with
 * no binding; undefined when the base is not in this clone).
 */
async function changedSince(
  plane: Plane,
  scope: SubjectScope,
  commit: string,
  subjects: ReadonlyMap<string, SubjectBinding>,
  io: TeethWorld,
): Promise<string[] | undefined> {
  const tree = subjects.values().next().value?.tree;
  if (tree === undefined) return io.changedPaths(plane, scope, commit);
  // The base's rules were read at `commit`, so it is here: no presence check (a git process each
  // is most of this step's cost in the Stop hook).
  return io.git.listChangedPaths(plane.root, commit, tree, scope);
}
