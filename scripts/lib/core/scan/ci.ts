// CI run steps (GitHub Actions, GitLab CI) → candidates when a step is one plain command, and
// not-adoptable entries with the reason otherwise. An argv is never invented for a shell script.
import { LineCounter, parseDocument, isMap, isSeq, isScalar } from 'yaml';
import type { Node } from 'yaml';
import { classifyAuthorization } from './authorization.ts';
import { baseOf, lineAt } from './line-of.ts';
import { splitShellWords } from './shell-words.ts';
import type { Candidate, CiFile, CiStep, FileContents, NotAdoptable } from './types.ts';

export interface CiFindings {
  files: CiFile[];
  candidates: Candidate[];
  notAdoptable: NotAdoptable[];
  /** CI config that points elsewhere (GitLab include), to list as an unknown. */
  includes: string[];
  /** CI files that are not valid YAML: nothing was taken from them. */
  unreadable: string[];
}

export function isCiFile(path: string): boolean {
  if (path.charCodeAt(0) !== 46 /* . */) return false;
  return /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path) || path === '.gitlab-ci.yml';
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

function get(node: unknown, key: string): unknown {
  return isMap(node) ? node.get(key, true) : undefined;
}

function str(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function lineOfNode(node: unknown, text: string): number {
  const range = (node as Node | undefined)?.range;
  return range === undefined || range === null ? 1 : lineAt(text, range[0]);
}

function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

function toFinding(
  id: string,
  run: string,
  where: string,
  cwd: string | undefined,
  out: CiFindings,
): void {
  const words = splitShellWords(run);
  const badCwd =
    cwd !== undefined &&
    (cwd.includes('${{') || cwd.startsWith('/') || cwd.split('/').includes('..'));
  if (!words.ok || badCwd) {
    const reason = words.ok
      ? `working directory "${cwd ?? ''}" is not a fixed path inside the repository`
      : words.reason;
    out.notAdoptable.push({
      id,
      where,
      text: run.trim().split('\n').slice(0, 3).join('\n'),
      reason,
    });
    return;
  }
  const dir =
    cwd === undefined || cwd === '.' || cwd === ''
      ? undefined
      : cwd.replace(/^\.\//, '').replace(/\/$/, '');
  out.candidates.push({
    id,
    argv: words.argv,
    ...(dir === undefined ? {} : { cwd: dir }),
    where,
    body: run.trim(),
    authorization: classifyAuthorization([words.argv.join(' ')]),
  });
}

function readGithub(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text, { lineCounter: new LineCounter() });
  if (doc.errors.length > 0) return void out.unreadable.push(path);
  const workflow = slug(baseOf(path).replace(/\.ya?ml$/, ''));
  const file: CiFile = { path, system: 'github', jobs: [] };
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return void out.files.push(file);
  const defaultCwd = str(get(get(get(doc.contents, 'defaults'), 'run'), 'working-directory'));
  for (const pair of jobs.items) {
    const jobId = String(isScalar(pair.key) ? pair.key.value : '');
    const steps = get(pair.value, 'steps');
    const jobCwd =
      str(get(get(get(pair.value, 'defaults'), 'run'), 'working-directory')) ?? defaultCwd;
    const used = new Set<string>();
    const found: CiStep[] = [];
    (isSeq(steps) ? steps.items : []).forEach((step, index) => {
      const run = str(get(step, 'run'));
      if (run === undefined) return;
      const name = str(get(step, 'name'));
      const stepId = uniqueId(slug(str(get(step, 'id')) ?? name ?? '') || String(index + 1), used);
      const where = `${path}:${lineOfNode(get(step, 'run'), text)}`;
      found.push({ id: stepId, ...(name === undefined ? {} : { name }), run, where });
      const cwd = str(get(step, 'working-directory')) ?? jobCwd;
      toFinding(`ci:${workflow}:${slug(jobId)}:${stepId}`, run, where, cwd, out);
    });
    file.jobs.push({ id: jobId, steps: found });
  }
  out.files.push(file);
}

const GITLAB_RESERVED = new Set([
  'stages',
  'variables',
  'default',
  'include',
  'workflow',
  'image',
  'services',
  'cache',
  'before_script',
  'after_script',
  'pages:deploy',
]);

function readGitlab(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return void out.unreadable.push(path);
  const file: CiFile = { path, system: 'gitlab', jobs: [] };
  if (get(doc.contents, 'include') !== undefined) out.includes.push(path);
  const root = doc.contents;
  for (const pair of isMap(root) ? root.items : []) {
    const jobId = String(isScalar(pair.key) ? pair.key.value : '');
    if (jobId.startsWith('.') || GITLAB_RESERVED.has(jobId)) continue;
    const script = get(pair.value, 'script');
    const lines = isSeq(script) ? script.items : script === undefined ? [] : [script];
    const found: CiStep[] = [];
    lines.forEach((node, index) => {
      const run = str(node);
      if (run === undefined) return;
      const stepId = String(index + 1);
      const where = `${path}:${lineOfNode(node, text)}`;
      found.push({ id: stepId, run, where });
      toFinding(`ci:gitlab:${slug(jobId)}:${stepId}`, run, where, undefined, out);
    });
    file.jobs.push({ id: jobId, steps: found });
  }
  out.files.push(file);
}

export function findCi(paths: readonly string[], contents: FileContents): CiFindings {
  const out: CiFindings = {
    files: [],
    candidates: [],
    notAdoptable: [],
    includes: [],
    unreadable: [],
  };
  for (const path of paths.filter(isCiFile).sort()) {
    const text = contents.get(path);
    if (text === undefined) continue;
    if (path === '.gitlab-ci.yml') readGitlab(path, text, out);
    else readGithub(path, text, out);
  }
  return out;
}
