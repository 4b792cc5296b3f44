// `proofgate install --skill`: SKILL.md, INDEX.md and references/ copied from the package to where
// Claude Code and Codex load a project's skills, idempotently, never over a file that differs
// without --force; the project's packaging and formatter leave the skill folders alone.
import type { World, WorldExtras } from '../../core/world/world.ts';
import { join } from 'node:path';
import { UsageError } from '../../core/errors.ts';
import {
  planSkillInstall,
  SKILL_DIRS,
  skillAgents,
  type SkillAgent,
  type SkillPlan,
} from '../../core/skill/plan-skill-install.ts';

export interface SkillResult {
  root: string;
  targets: SkillPlan[];
  /** Packaging files changed so the project's package leaves the skill folders out. */
  packaging: string[];
  /** Formatter ignore files changed to leave the skill folders alone (.prettierignore). */
  formatting: string[];
}

/**
 * Plans every agent's copy, refuses (exit 2, nothing written) when an installed file differs and
 * `force` is off, then writes the files, the packaging exclusions and the formatter ignore.
 */
export function installSkill(
  root: string,
  options: { agent: SkillAgent | 'all'; force: boolean },
  { host, repo }: Pick<World, 'host'> & Pick<WorldExtras, 'repo'>,
): SkillResult {
  const files = host.readPackageSkillFiles();
  const rels = files.map((f) => f.rel);
  const targets = skillAgents(options.agent).map((agent) => {
    const dir = join(root, ...SKILL_DIRS[agent].split('/'));
    return planSkillInstall(agent, files, repo.readInstalled(dir, rels), options.force);
  });
  const conflicts = targets.flatMap((t) => t.conflicts.map((rel) => `${t.dir}/${rel}`));
  const first = conflicts[0];
  if (first !== undefined) {
    throw new UsageError(
      'BAD_INPUT',
      `${conflicts.length} installed skill file(s) differ from this proofgate's; nothing was written`,
      {
        where: first,
        problems: conflicts.map(
          (path) => `${path}: changed since it was installed, or from another proofgate version`,
        ),
        expected: 'installed files identical to the package, or absent',
        next: 'keep your edits elsewhere, then rerun proofgate install --skill --force to overwrite them',
      },
    );
  }
  // refused (exit 2, nothing written) when a packaging file cannot be edited safely
  const exclusions = repo.planExclusionsAt(
    root,
    targets.map((t) => t.dir),
  );
  for (const target of targets) {
    const dir = join(root, ...target.dir.split('/'));
    repo.writeSkillFiles(
      dir,
      files.filter((f) => target.write.includes(f.rel)),
    );
  }
  repo.applyExclusions(root, exclusions);
  const packaging = exclusions.flatMap((e) => (e.kind === 'write' ? [e.file] : []));
  const prettier = repo.ignoreSkillFolders(root);
  return { root, targets, packaging, formatting: prettier === undefined ? [] : [prettier] };
}
