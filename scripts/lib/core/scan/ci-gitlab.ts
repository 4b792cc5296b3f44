// GitLab CI: the `script` lines of every job, as GitLab itself assembles them: `parallel:` and
// `parallel: matrix:` jobs are ordinary jobs, `<<: *anchor` merges and `extends:` (hidden `.jobs`
// included) supply a script the job does not write itself, and nested lists, `*aliases` and
// `!reference [job, script]` are flattened in order. A job that still has no script is reported.
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import {
  MAX_DEPTH,
  get,
  lineOfNode,
  literalEnv,
  lookup,
  resolve,
  slug,
  str,
  toFinding,
} from './ci-steps.ts';
import type { CiFindings } from './ci-steps.ts';
import type { CiFile, CiStep } from './types.ts';

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

// The script lines of a `script` value, flattened: nested lists, aliases and `!reference` tags.
function flattenScript(node: unknown, doc: Document, depth = 0): Node[] {
  const value = resolve(node, doc);
  if (depth > MAX_DEPTH || value === undefined || value === null) return [];
  if (isSeq(value) && value.tag === '!reference') {
    const [job, ...keys] = value.items.map((item) => str(item) ?? '');
    let target: unknown = lookup(get(doc.contents, job ?? ''), keys[0] ?? '', doc);
    for (const key of keys.slice(1)) target = lookup(target, key, doc);
    return flattenScript(target, doc, depth + 1);
  }
  if (isSeq(value)) return value.items.flatMap((item) => flattenScript(item, doc, depth + 1));
  return [value as Node];
}

// The job's own (or merged) script, else the script of what it extends (the last one wins).
function scriptOf(job: unknown, doc: Document, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const own = lookup(job, 'script', doc);
  if (own !== undefined) return own;
  const extendsNode = resolve(lookup(job, 'extends', doc), doc);
  const parents = isSeq(extendsNode) ? extendsNode.items : [extendsNode];
  for (const parent of [...parents].reverse()) {
    const name = str(parent);
    if (name === undefined) continue;
    const found = scriptOf(get(doc.contents, name), doc, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function readGitlab(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text, { merge: true });
  if (doc.errors.length > 0) return void out.unreadable.push(path);
  const file: CiFile = { path, system: 'gitlab', jobs: [] };
  if (get(doc.contents, 'include') !== undefined) out.includes.push(path);
  const root = doc.contents;
  // a `$VAR` reference is expanded by the runner: only literal values are copied
  const globalEnv = literalEnv(resolve(get(root, 'variables'), doc), /\$/);
  for (const pair of isMap(root) ? root.items : []) {
    const jobId = String(isScalar(pair.key) ? pair.key.value : '');
    if (jobId.startsWith('.') || GITLAB_RESERVED.has(jobId) || !isMap(resolve(pair.value, doc)))
      continue;
    const lines = flattenScript(scriptOf(pair.value, doc), doc);
    const env = {
      ...globalEnv,
      ...literalEnv(resolve(lookup(pair.value, 'variables', doc), doc), /\$/),
    };
    const found: CiStep[] = [];
    lines.forEach((node, index) => {
      const run = str(node);
      if (run === undefined) return;
      const stepId = String(index + 1);
      const where = `${path}:${lineOfNode(node, text)}`;
      found.push({ id: stepId, run, where });
      toFinding(`ci:gitlab:${slug(jobId)}:${stepId}`, run, where, undefined, out, env);
    });
    if (found.length === 0 && lookup(pair.value, 'trigger', doc) === undefined)
      out.scriptless.push(`${path}: job ${jobId}`);
    file.jobs.push({ id: jobId, steps: found });
  }
  out.files.push(file);
}
