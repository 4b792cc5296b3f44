// Where each agent loads a project's skills, and what installing proofgate's skill there would
// do to each file. Pure: the caller reads the package's files and the installed ones, then writes
// only when no file would be clobbered (or --force). references/skill.md cites each tool's docs.

export const SKILL_AGENTS = ['claude', 'codex'] as const;
export type SkillAgent = (typeof SKILL_AGENTS)[number];

/** Project skill directories, relative to the repository root. */
export const SKILL_DIRS: Record<SkillAgent, string> = {
  // Claude Code: project skills are .claude/skills/<name>/SKILL.md.
  claude: '.claude/skills/proofgate',
  // Codex: repository skills are .agents/skills/<name>/SKILL.md (scanned from the cwd up to the root).
  codex: '.agents/skills/proofgate',
};

/** One file of the skill: its path inside the skill directory (POSIX) and its bytes as text. */
export interface SkillFile {
  rel: string;
  text: string;
}

export interface SkillPlan {
  agent: SkillAgent;
  /** Skill directory relative to the root. */
  dir: string;
  /** Files absent or (with --force) different: to be written. */
  write: string[];
  unchanged: string[];
  /** Present and different; written only with --force. */
  conflicts: string[];
}

/** `installed` maps each file's rel to its current text, or undefined when absent. */
export function planSkillInstall(
  agent: SkillAgent,
  files: readonly SkillFile[],
  installed: ReadonlyMap<string, string | undefined>,
  force: boolean,
): SkillPlan {
  const plan: SkillPlan = {
    agent,
    dir: SKILL_DIRS[agent],
    write: [],
    unchanged: [],
    conflicts: [],
  };
  for (const file of files) {
    const current = installed.get(file.rel);
    if (current === file.text) plan.unchanged.push(file.rel);
    else if (current === undefined || force) plan.write.push(file.rel);
    else plan.conflicts.push(file.rel);
  }
  return plan;
}

/** `all` → both agents, in table order; otherwise the one named. */
export function skillAgents(choice: SkillAgent | 'all'): SkillAgent[] {
  return choice === 'all' ? [...SKILL_AGENTS] : [choice];
}
