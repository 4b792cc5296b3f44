// Travis CI: the `script` phase of every job, as Travis assembles a build. The top-level `script`
// (a string or a list) is the default job's check; every `jobs.include[]` (or its older spelling
// `matrix.include[]`) entry runs its own `script`, or the top-level one when it writes none;
// `script: skip` and `script: true` run nothing. `install`, `before_script`, `before_install` and
// `deploy` are setup or delivery, never checks, so none of their lines is offered. `<<: *anchor`
// merges are followed; a line several jobs share is offered once, under the first job that runs it.
// `import:` (configuration shared from elsewhere) is named as an unknown, never fetched.
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import { lineOfNode, lookup, resolve, slug, str, toFinding, uniqueId } from './ci-steps.ts';
import type { CiFindings } from './ci-steps.ts';
import type { CiFile, CiStep } from './types.ts';

/** At most this many `include` entries are read; the rest are counted in `omitted.travis_jobs`. */
export const MAX_TRAVIS_JOBS = 500;

/**
 * Shell functions Travis defines in the build script it generates: outside Travis they do not
 * exist, so a line calling one runs only there.
 */
const TRAVIS_FUNCTIONS = new Set([
  'travis_wait',
  'travis_retry',
  'travis_fold',
  'travis_time_start',
  'travis_time_finish',
  'travis_terminate',
]);

type Script = { kind: 'lines'; lines: Node[] } | { kind: 'skip' } | { kind: 'unreadable' };

// A plain string: no tag but `!!str` (a `!!binary` or custom-tagged value is no command).
function isCommand(node: unknown): node is Node {
  return (
    str(node) !== undefined &&
    ((node as Node).tag === undefined || (node as Node).tag === 'tag:yaml.org,2002:str')
  );
}

// The lines of a `script` value: a string is one line, a list is one line per string item.
function readScript(node: unknown, doc: Document): Script {
  const value = resolve(node, doc);
  if (isScalar(value) && (value.value === true || value.value === 'skip')) return { kind: 'skip' };
  if (isCommand(value)) return { kind: 'lines', lines: [value] };
  if (!isSeq(value)) return { kind: 'unreadable' };
  const lines = value.items.map((item) => resolve(item, doc)).filter(isCommand);
  return lines.length === value.items.length && lines.length > 0
    ? { kind: 'lines', lines }
    : { kind: 'unreadable' };
}

// Every `include` entry of `jobs` and `matrix`, aliases resolved; a lone map counts as one entry.
function includeEntries(doc: Document): unknown[] {
  const entries: unknown[] = [];
  for (const key of ['jobs', 'matrix']) {
    const include = resolve(lookup(lookup(doc.contents, key, doc), 'include', doc), doc);
    if (isSeq(include)) entries.push(...include.items.map((item) => resolve(item, doc)));
    else if (isMap(include)) entries.push(include);
  }
  return entries;
}

export function readTravis(path: string, text: string, out: CiFindings): void {
  const doc = parseDocument(text, { merge: true });
  const empty = doc.contents === null;
  if (doc.errors.length > 0 || (!empty && !isMap(doc.contents)))
    return void out.unreadable.push(path);
  const file: CiFile = { path, system: 'travis', jobs: [] };
  // `import:` pulls shared configuration from other files or repositories scan does not read.
  if (lookup(doc.contents, 'import', doc) !== undefined) out.includes.push(path);
  const offered = new Set<Node>();
  const used = new Set<string>(['script']);

  const emit = (jobKey: string, lines: readonly Node[]): CiStep[] =>
    lines.map((node, index) => {
      const run = str(node) ?? '';
      const where = `${path}:${lineOfNode(node, text)}`;
      const id = `ci:travis:${jobKey}:${index + 1}`;
      if (!offered.has(node)) {
        offered.add(node);
        const first = run.trim().split(/\s+/)[0] ?? '';
        if (TRAVIS_FUNCTIONS.has(first))
          out.notAdoptable.push({
            id,
            where,
            text: run.trim().split('\n').slice(0, 3).join('\n'),
            reason: `"${first}" is a shell function of Travis's own build script (it exists only there)`,
          });
        else toFinding(id, run, where, undefined, out);
      }
      return { id: String(index + 1), run, where };
    });

  const topNode = lookup(doc.contents, 'script', doc);
  const top = topNode === undefined ? undefined : readScript(topNode, doc);
  const topSteps = top?.kind === 'lines' ? emit('script', top.lines) : [];
  if (top?.kind === 'unreadable') out.scriptless.push(`${path}: job script`);

  const entries = includeEntries(doc);
  if (entries.length > MAX_TRAVIS_JOBS)
    out.omitted['travis_jobs'] = entries.length - MAX_TRAVIS_JOBS;
  if (topSteps.length > 0 || top?.kind === 'skip' || entries.length === 0)
    file.jobs.push({ id: 'script', steps: topSteps });
  // No script written anywhere: Travis runs its language's default, which scan does not guess.
  if (top === undefined && entries.length === 0) out.scriptless.push(`${path}: job script`);

  entries.slice(0, MAX_TRAVIS_JOBS).forEach((entry, index) => {
    const name = str(lookup(entry, 'name', doc));
    const stage = str(lookup(entry, 'stage', doc));
    const key = uniqueId(slug(name ?? '') || slug(stage ?? '') || String(index + 1), used);
    const own = lookup(entry, 'script', doc);
    if (own === undefined && isMap(entry)) {
      // It runs the top-level script (already offered), or with none the language's default.
      file.jobs.push({ id: key, steps: topSteps });
      if (top === undefined) out.scriptless.push(`${path}: job ${key}`);
      return;
    }
    const script = readScript(own, doc);
    if (script.kind === 'unreadable') out.scriptless.push(`${path}: job ${key}`);
    file.jobs.push({ id: key, steps: script.kind === 'lines' ? emit(key, script.lines) : [] });
  });
  out.files.push(file);
}
