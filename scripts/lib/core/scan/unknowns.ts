// The questions scan cannot answer from the files, each with the cheapest way to answer it.
import type { CiFindings } from './ci.ts';
import type { ScanResult, Unknown } from './types.ts';
import { nextCommand } from '../next/next-table.ts';

/** CI configuration of systems whose steps scan does not read (it reads GitHub, GitLab and Travis). */
export const UNREAD_CI =
  /^(\.circleci\/config\.ya?ml|azure-pipelines\.ya?ml|appveyor\.ya?ml|\.appveyor\.ya?ml|Jenkinsfile|\.drone\.ya?ml|bitbucket-pipelines\.ya?ml|\.cirrus\.ya?ml)$/;

export function findUnknowns(
  result: Omit<ScanResult, 'unknowns' | 'omitted'>,
  ci: Pick<CiFindings, 'includes' | 'scriptless'> & { unread?: readonly string[] },
  unreadable: string[],
): Unknown[] {
  const unknowns: Unknown[] = unreadable.map((path) => ({
    question: `${path} could not be parsed, so no command was taken from it`,
    probe: `fix its syntax (JSON or YAML), then run "${nextCommand('scan')}" again`,
  }));
  const testLike = result.candidates.some((c) =>
    [c.id, ...c.argv].some((word) => /test|check|spec/i.test(word)),
  );
  if (!testLike)
    unknowns.push({
      question: 'How are the tests run?',
      probe: `ask the owner or read README/CONTRIBUTING; add the command as a package script, make/just target or CI step, then run "${nextCommand('adopt')}"`,
    });
  if (result.stack.node !== undefined && result.stack.node.lockfile === undefined)
    unknowns.push({
      question: 'Which package manager and dependency versions are used? (no lockfile committed)',
      probe: `ask the owner; candidates assume ${result.stack.node.package_manager}`,
    });
  for (const path of ci.unread ?? [])
    unknowns.push({
      question: `${path} is CI configuration scan does not read, so none of its steps is a candidate`,
      probe: `read its steps with the owner; for one that should gate, ${nextCommand('adoptFills')}`,
    });
  if (result.ci.length === 0 && (ci.unread ?? []).length === 0)
    unknowns.push({
      question: 'Does CI run somewhere outside this repository?',
      probe: 'ask the owner which CI system gates merges',
    });
  for (const path of ci.includes)
    unknowns.push({
      question: `${path} includes CI configuration from elsewhere`,
      probe: `read the ${path === '.travis.yml' ? 'import:' : 'include:'} entries in ${path}; their steps were not inspected`,
    });
  for (const job of ci.scriptless)
    unknowns.push({
      question: `${job} has no script scan could read (not a plain list, or defined elsewhere)`,
      probe: `read that job in the file; if it runs checks, move them into a script and adopt it`,
    });
  if (result.not_adoptable.length > 0)
    unknowns.push({
      question: `${result.not_adoptable.length} command(s) need a shell or arguments and cannot become controls as written`,
      probe: 'move each into a script file or a package script, then adopt that',
    });
  const languages = result.languages.map((l) => l.language);
  if (languages.includes('python') && result.stack.python === undefined)
    unknowns.push({
      question: 'How are Python dependencies declared?',
      probe: 'ask the owner; no pyproject.toml, setup.py or requirements.txt found',
    });
  return unknowns;
}
