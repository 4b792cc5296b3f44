// Subject bindings outside the gate's own (GateIO.computeSubjects): the binding of an entry about
// the whole plane, the bindings a report recomputes, the subject tree of a commit, the commits that
// hold a tree, and the installed skill's folders the subject leaves out (io/subject/subject.ts,
// io/subject/commit-subject.ts, io/subject/skill-excludes.ts).
import type { SubjectScope } from '../binding/build-subject.ts';
import type { SubjectBinding } from '../ledger/types.ts';
import type { Plane } from '../plane/plane.ts';
import type { Control } from '../plane/types.ts';
import type { WorktreeState } from './git-port.ts';

/** How many commits back a subject tree is looked for (query's and export's searches). */
export const COMMITS_SEARCHED = 200;

export interface SubjectPort {
  computeSubject(plane: Plane): Promise<SubjectBinding>;
  computeSubjects(
    plane: Plane,
    controls: readonly Control[],
    state?: WorktreeState,
  ): Promise<Map<string, SubjectBinding>>;
  /** The commit holding each of `trees` as its subject tree (searching `depth` commits back). */
  findSubjectCommits(
    plane: Plane,
    trees: ReadonlySet<string>,
    depth?: number,
  ): Promise<Map<string, string>>;
  commitSubjectTree(plane: Plane, commit: string): Promise<string>;
  /** The same, remembered in the git dir: only to word a STALE result's cause, never to decide. */
  namingSubjectTree(plane: Plane, commit: string): Promise<string>;
  subjectExcludes(plane: Plane, skill?: readonly string[]): string[];
  installedSkillExcludes(root: string): string[];
  withSkillExcludes(scope: SubjectScope, skill: readonly string[]): SubjectScope;
}
