// `proofgate install --skill`: copies SKILL.md, INDEX.md and references/ from the package to where
// Claude Code (.claude/skills/proofgate/) and Codex (.agents/skills/proofgate/) load a project's
// skills. Idempotent; a file that differs from the package's is never overwritten without --force.
import { join } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import {
  planSkillInstall,
  SKILL_AGENTS,
  SKILL_DIRS,
  skillAgents,
  type SkillAgent,
  type SkillPlan,
} from './lib/core/skill/plan-skill-install.ts';
import type { CommonOptions } from './lib/core/options.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readInstalled, readPackageSkillFiles, writeSkillFiles } from './lib/io/skill-files.ts';
import { applyExclusions, planExclusionsAt } from './lib/io/package-exclusions.ts';
import { ignoreSkillFolders } from './lib/io/prettier-ignore.ts';

export const SKILL_ACTIONS = ['install'] as const;

export interface SkillOptions extends CommonOptions {
  action: (typeof SKILL_ACTIONS)[number];
  agent: SkillAgent | 'all';
  force: boolean;
}

export interface SkillResult {
  root: string;
  targets: SkillPlan[];
  /** Packaging files changed so the project's package leaves the skill folders out. */
  packaging: string[];
  /** Formatter ignore files changed to leave the skill folders alone (.prettierignore). */
  formatting: string[];
}

export async function runSkill(options: SkillOptions, ctx: Context): Promise<SkillResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const files = readPackageSkillFiles();
  const rels = files.map((f) => f.rel);
  const targets = skillAgents(options.agent).map((agent) => {
    const dir = join(root, ...SKILL_DIRS[agent].split('/'));
    return planSkillInstall(agent, files, readInstalled(dir, rels), options.force);
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
  const exclusions = planExclusionsAt(
    root,
    targets.map((t) => t.dir),
  );
  for (const target of targets) {
    const dir = join(root, ...target.dir.split('/'));
    writeSkillFiles(
      dir,
      files.filter((f) => target.write.includes(f.rel)),
    );
  }
  applyExclusions(root, exclusions);
  const packaging = exclusions.flatMap((e) => (e.kind === 'write' ? [e.file] : []));
  const prettier = ignoreSkillFolders(root);
  return { root, targets, packaging, formatting: prettier === undefined ? [] : [prettier] };
}

function renderSkill(result: SkillResult): string {
  const written = result.targets.reduce((n, t) => n + t.write.length, 0);
  const verdict =
    written === 0
      ? `UNCHANGED proofgate's skill is current in ${result.targets.map((t) => t.dir).join(', ')}`
      : `INSTALLED proofgate's skill (${written} file(s) written)`;
  const lines = result.targets.map(
    (t) => `  ${t.agent}: ${t.dir}/ — ${t.write.length} written, ${t.unchanged.length} unchanged`,
  );
  const packaging =
    result.packaging.length === 0
      ? []
      : [
          `  package: ${result.packaging.join(', ')} now leave the skill folders out of the package`,
        ];
  const formatting = result.formatting.map(
    (file) => `  format: ${file} now leaves the skill folders to proofgate`,
  );
  return [
    verdict,
    ...lines,
    ...packaging,
    ...formatting,
    '  Run the verbs as npx proofgate <verb> (proofgate as a devDependency).',
  ].join('\n');
}

export const skill = defineVerb<SkillOptions, SkillResult>({
  name: 'skill',
  command: 'skill <action>',
  describe:
    'Install the agent skill (SKILL.md, INDEX.md, references/) where Claude Code and Codex load it',
  examples: [
    [
      'proofgate install --skill',
      'copy the skill to .claude/skills/proofgate and .agents/skills/proofgate',
    ],
    ['proofgate install --skill --agent codex', 'only .agents/skills/proofgate (Codex)'],
    ['proofgate install --skill --force', 'overwrite installed files that differ'],
  ],
  builder: (y) =>
    y
      .positional('action', { choices: SKILL_ACTIONS, describe: 'install: copy the skill files' })
      .option('agent', {
        choices: [...SKILL_AGENTS, 'all'] as const,
        default: 'all',
        describe: 'whose skill directory: claude, codex or all',
      })
      .option('force', {
        type: 'boolean',
        default: false,
        describe: 'overwrite installed files that differ from the package',
      }),
  toOptions: (argv, common) => ({
    ...common,
    action: argv['action'] as SkillOptions['action'],
    agent: argv['agent'] as SkillOptions['agent'],
    force: argv['force'] === true,
  }),
  run: runSkill,
  render: renderSkill,
  exitCode: () => 0,
});

runIfMain(import.meta.url, skill);
