// GitHub Actions workflows: every `run` step of every job, matrix jobs included (a step that uses
// a matrix value needs the CI to expand it and is listed as not adoptable, with that reason).
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { isCredentialName } from '../gate/child-env.ts';
import { get, lineOfNode, slug, str, toFinding, uniqueId } from './ci-steps.ts';
import type { CiFindings } from './ci-steps.ts';
import { baseOf } from './line-of.ts';
import type { CiFile, CiStep } from './types.ts';

export function readGithub(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text, { lineCounter: new LineCounter() });
  if (doc.errors.length > 0) return void out.unreadable.push(path);
  const workflow = slug(baseOf(path).replace(/\.ya?ml$/, ''));
  const file: CiFile = { path, system: 'github', jobs: [] };
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return void out.files.push(file);
  const defaultCwd = str(get(get(get(doc.contents, 'defaults'), 'run'), 'working-directory'));
  const workflowEnv = literalEnv(get(doc.contents, 'env'));
  for (const pair of jobs.items) {
    const jobId = String(isScalar(pair.key) ? pair.key.value : '');
    const steps = get(pair.value, 'steps');
    const jobCwd =
      str(get(get(get(pair.value, 'defaults'), 'run'), 'working-directory')) ?? defaultCwd;
    const jobEnv = { ...workflowEnv, ...literalEnv(get(pair.value, 'env')) };
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
      const env = { ...jobEnv, ...literalEnv(get(step, 'env')) };
      toFinding(`ci:${workflow}:${slug(jobId)}:${stepId}`, run, where, cwd, out, env);
    });
    file.jobs.push({ id: jobId, steps: found });
  }
  out.files.push(file);
}

/**
 * The variables an `env:` mapping sets to a literal value. A `${{ }}` expression (a secret, a
 * matrix value, a context) only CI can expand, and a name that looks like a credential is never
 * copied into the registry.
 */
function literalEnv(node: unknown): Record<string, string> {
  const env: Record<string, string> = {};
  if (!isMap(node)) return env;
  for (const pair of node.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = isScalar(pair.value) ? pair.value.value : undefined;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || isCredentialName(name)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      continue;
    const text = String(value);
    if (text.includes('${{') || text.length > 4096) continue;
    env[name] = text;
  }
  return env;
}
