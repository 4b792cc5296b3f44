// GitHub Actions workflows: every `run` step of every job, matrix jobs included (a step that uses
// a matrix value needs the CI to expand it and is listed as not adoptable, with that reason).
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { get, lineOfNode, literalEnv, slug, str, toFinding, uniqueId } from './ci-steps.ts';
import type { CiFindings } from './ci-steps.ts';
import { baseOf } from './line-of.ts';
import type { CiFile, CiStep } from './types.ts';

/** A `${{ }}` expression (a secret, a matrix value, a context) only CI can expand. */
const GITHUB_EXPRESSION = /\$\{\{/;

export function readGithub(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text, { lineCounter: new LineCounter() });
  if (doc.errors.length > 0) return void out.unreadable.push(path);
  const workflow = slug(baseOf(path).replace(/\.ya?ml$/, ''));
  const file: CiFile = { path, system: 'github', jobs: [] };
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return void out.files.push(file);
  const defaultCwd = str(get(get(get(doc.contents, 'defaults'), 'run'), 'working-directory'));
  const workflowEnv = literalEnv(get(doc.contents, 'env'), GITHUB_EXPRESSION);
  for (const pair of jobs.items) {
    const jobId = String(isScalar(pair.key) ? pair.key.value : '');
    const steps = get(pair.value, 'steps');
    const jobCwd =
      str(get(get(get(pair.value, 'defaults'), 'run'), 'working-directory')) ?? defaultCwd;
    const jobEnv = { ...workflowEnv, ...literalEnv(get(pair.value, 'env'), GITHUB_EXPRESSION) };
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
      const env = { ...jobEnv, ...literalEnv(get(step, 'env'), GITHUB_EXPRESSION) };
      toFinding(`ci:${workflow}:${slug(jobId)}:${stepId}`, run, where, cwd, out, env);
    });
    file.jobs.push({ id: jobId, steps: found });
  }
  out.files.push(file);
}
