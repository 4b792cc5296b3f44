// `proofgate install --skill`: copies SKILL.md, INDEX.md and references/ from the package to where
// Claude Code (.claude/skills/proofgate/) and Codex (.agents/skills/proofgate/) load a project's
// skills. Idempotent; a file that differs from the package's is never overwritten without --force.
import { SKILL_AGENTS } from '../lib/core/skill/plan-skill-install.ts';
import { defineVerb } from '../lib/cli/define-verb.ts';
import { runSkill } from '../lib/cli/run/skill.ts';
import { renderSkill } from '../lib/render/skill.ts';

export const installSkill = defineVerb({
  examples: [
    [
      'proofgate install --skill',
      'copy the skill to .claude/skills/proofgate and .agents/skills/proofgate',
    ],
    ['proofgate install --skill --agent codex', 'only .agents/skills/proofgate (Codex)'],
    ['proofgate install --skill --force', 'overwrite installed files that differ'],
  ],
  flags: {
    skill: { type: 'boolean', describe: 'Copy the skill files' },
    agent: {
      type: 'string',
      choices: [...SKILL_AGENTS, 'all'],
      default: 'all',
      describe: 'whose skill directory: claude, codex or all',
    },
    force: {
      type: 'boolean',
      default: false,
      describe: 'overwrite installed files that differ from the package',
    },
  },
  toOptions: (argv, common) => ({
    ...common,
    action: 'install' as const,
    agent: argv.agent,
    force: argv.force,
  }),
  run: runSkill,
  render: renderSkill,
  exitCode: () => 0,
});
