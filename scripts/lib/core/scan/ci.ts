// CI configuration files scan reads (GitHub Actions, GitLab CI, Travis CI) → candidates when a step is one
// plain command, and not-adoptable entries with the reason otherwise. An argv is never invented
// for a shell script.
import { readGithub } from './ci-github.ts';
import { readGitlab } from './ci-gitlab.ts';
import { readTravis } from './ci-travis.ts';
import type { CiFindings } from './ci-steps.ts';
import type { FileContents } from './types.ts';

export type { CiFindings } from './ci-steps.ts';
export { slug } from './ci-steps.ts';

export function isCiFile(path: string): boolean {
  if (path.charCodeAt(0) !== 46 /* . */) return false;
  return (
    /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path) ||
    path === '.gitlab-ci.yml' ||
    path === '.travis.yml'
  );
}

export function findCi(paths: readonly string[], contents: FileContents): CiFindings {
  const out: CiFindings = {
    files: [],
    candidates: [],
    notAdoptable: [],
    includes: [],
    unreadable: [],
    scriptless: [],
    omitted: {},
  };
  for (const path of paths.filter(isCiFile).sort()) {
    const text = contents.get(path);
    if (text === undefined) continue;
    if (path === '.gitlab-ci.yml') readGitlab(path, text, out);
    else if (path === '.travis.yml') readTravis(path, text, out);
    else readGithub(path, text, out);
  }
  return out;
}
