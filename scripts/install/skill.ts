// `proofgate install --skill`: copies SKILL.md, INDEX.md and references/ from the package to where
// Claude Code (.claude/skills/proofgate/) and Codex (.agents/skills/proofgate/) load a project's
// skills. Idempotent; a file that differs from the package's is never overwritten without --force.
import { describeActionFlags, type FlagsPerAction } from './lib/cli/action-flags.ts';
import { SKILL_AGENTS } from './lib/core/skill/plan-skill-install.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { runSkill, SKILL_ACTIONS, type SkillOptions } from './lib/cli/run/skill.ts';
import type { SkillResult } from './lib/flows/skill-install-flow.ts';
import { renderSkill } from './lib/render/skill.ts';

/** The flags each action takes (its run reads no other). */
const SKILL_FLAGS: FlagsPerAction = { install: ['agent', 'force'] };

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
      .positional('action', {
        choices: SKILL_ACTIONS,
        describe: `install: copy the skill files; ${describeActionFlags(SKILL_FLAGS)}`,
      })
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
  flagsPerAction: SKILL_FLAGS,
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
