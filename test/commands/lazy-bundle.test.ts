// What each start of the bundled `proofgate` sets up before it runs anything. The bundle is one
// script (dist/hot-<hash>.js) whose modules reached through a dynamic import are set up only when
// that import runs; the split build of test/helpers/bundle-meta.ts puts those boundaries between
// chunks, so the static import closure of its entry is what every start sets up (all that
// `proofgate --help` needs), and that of each verb's entry chunk what the verb sets up when it is
// dispatched.
import type { Metafile } from 'esbuild';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleMeta } from '../helpers/bundle-meta.ts';

let meta: Metafile;
beforeAll(async () => {
  meta = await bundleMeta();
}, 60_000);

const output = (file: string) => meta.outputs[`dist/${file}`]!;

function closure(entry: string): { files: string[]; sources: Set<string> } {
  const seen = new Set<string>();
  const sources = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const out = output(file);
    for (const input of Object.keys(out.inputs)) sources.add(input);
    for (const i of out.imports)
      if (i.kind === 'import-statement' && !i.external) visit(i.path.slice('dist/'.length));
  };
  visit(entry);
  return { files: [...seen], sources };
}

/** The chunks `file` imports dynamically. */
const dynamicImports = (file: string): string[] =>
  output(file)
    .imports.filter((i) => i.kind === 'dynamic-import' && !i.external)
    .map((i) => i.path.slice('dist/'.length));

const SCRIPTS = fileURLToPath(new URL('../../scripts', import.meta.url));
/** Every module that runs a command: scripts/<verb>.ts and scripts/<verb>/<action>.ts. */
const VERBS = readdirSync(SCRIPTS, { withFileTypes: true }).flatMap((d) =>
  d.isDirectory()
    ? d.name === 'lib'
      ? []
      : readdirSync(join(SCRIPTS, d.name)).map((f) => `${d.name}/${f.slice(0, -3)}`)
    : d.name.endsWith('.ts') && !d.name.startsWith('_') && !['cli.ts', 'demo.ts'].includes(d.name)
      ? [d.name.slice(0, -3)]
      : [],
);
/** A verb module's source, as esbuild's metafile names it. */
const VERB_SOURCE = /^scripts\/(?!lib\/)[^/]+(\/[^/]+)?\.ts$/;

/** The entry chunk of a verb module: the output whose entry point is its source. */
function verbChunk(verb: string): string {
  const chunks = Object.entries(meta.outputs)
    .filter(([, out]) => out.entryPoint === `scripts/${verb}.ts`)
    .map(([path]) => path.slice('dist/'.length));
  if (chunks.length !== 1) throw new Error(`not one entry chunk for ${verb}: ${chunks.join(', ')}`);
  return chunks[0]!;
}

/**
 * What a verb imports dynamically once it runs, followed statically from there (the hook loads
 * its claim half and the gate's world while git status runs).
 */
function hotPathImports(verb: string): string[] {
  if (verb !== 'hook') return [];
  // The chunks it loads statically (install --hook shares the hook's wiring) and what they import.
  const dynamic = closure(verbChunk(verb)).files.flatMap(dynamicImports);
  expect(dynamic.some((f) => f.startsWith('hook-stop-claim-'))).toBe(true);
  // The session's transcript is judged (with the trace engine) only when the payload names one:
  // that chunk is loaded then, never on a stop without a transcript.
  expect(dynamic.some((f) => f.startsWith('hook-stop-transcript-'))).toBe(true);
  return dynamic
    .filter((chunk) => !chunk.startsWith('hook-stop-transcript-'))
    .flatMap((chunk) => [...closure(chunk).sources]);
}

describe('the bundle loads only what the command needs', () => {
  it('what every start sets up (all that --help, --version and an unknown verb need) holds no verb, parser or YAML', () => {
    const { sources } = closure('cli.mjs');
    const loaded = [...sources];
    expect(loaded.filter((s) => s.startsWith('node_modules/'))).toEqual([]);
    expect(loaded.filter((s) => VERB_SOURCE.test(s))).toEqual(['scripts/cli.ts']);
    expect(loaded).toContain('scripts/lib/cli/dispatch.ts');
    expect(loaded).not.toContain('scripts/lib/cli/parse-args.ts');
  });

  it('every start reaches each verb only through a dynamic import', () => {
    const entry = dynamicImports('cli.mjs');
    for (const verb of VERBS) expect(entry, verb).toContain(verbChunk(verb));
  });

  it.each(VERBS)('verb %s statically loads its own module and no other verb', (verb) => {
    const { sources } = closure(verbChunk(verb));
    const verbs = [...sources].filter((s) => VERB_SOURCE.test(s));
    expect(verbs).toEqual([`scripts/${verb}.ts`]);
    expect(sources).toContain('scripts/lib/cli/define-verb.ts');
  });

  it.each(['claim', 'status', 'hook'])(
    'the hot verb %s loads no trace reader, no schema compiler and no yargs',
    (verb) => {
      const loaded = [...closure(verbChunk(verb)).sources, ...hotPathImports(verb)];
      expect(loaded.filter((s) => s.startsWith('scripts/lib/io/trace/'))).toEqual([]);
      expect(loaded.filter((s) => s.startsWith('node_modules/ajv/dist/compile/'))).toEqual([]);
      // A verb run parses with yargs-parser alone (parse-args.ts); yargs is not loaded at all.
      expect(loaded.filter((s) => s.startsWith('node_modules/yargs/'))).toEqual([]);
      // The RE2 engine serves trace packs and `query evidence --grep`, never a verdict.
      expect(loaded.filter((s) => s.startsWith('node_modules/re2js/'))).toEqual([]);
      // Worker threads (and node:worker_threads) load only once a ledger has many signatures.
      expect(loaded).not.toContain('scripts/lib/io/keys/signature-threads.ts');
      expect(loaded).toContain('scripts/lib/io/keys/signature-checks.ts');
      // The sigstore libraries load only when a ledger holds a keyless signature (or to sign one).
      expect(loaded.filter((s) => s.startsWith('node_modules/@sigstore/'))).toEqual([]);
      expect(loaded).not.toContain('scripts/lib/io/keys/sigstore-verify.ts');
      expect(loaded).not.toContain('scripts/lib/io/keys/sigstore-sign.ts');
    },
  );

  it.each(['audit', 'verify', 'seal'])('%s loads the sigstore libraries only on demand', (verb) => {
    const loaded = [...closure(verbChunk(verb)).sources];
    expect(loaded.filter((s) => s.startsWith('node_modules/@sigstore/'))).toEqual([]);
    expect(loaded.filter((s) => s.startsWith('node_modules/make-fetch-happen/'))).toEqual([]);
  });

  it('hook stop starts git before it loads the YAML parser and the gate (a dynamic import)', () => {
    const loaded = [...closure(verbChunk('hook')).sources];
    expect(loaded.filter((s) => s.startsWith('node_modules/yaml/'))).toEqual([]);
    expect(loaded).not.toContain('scripts/lib/flows/claim/claim-now.ts');
    expect(loaded).toContain('scripts/lib/io/repo/worktree-state.ts');
    expect(hotPathImports('hook')).toContain('scripts/lib/flows/claim/claim-now.ts');
  });

  it('follows static imports across chunks (the check above sees shared code)', () => {
    const { files, sources } = closure(verbChunk('claim'));
    expect(files.length).toBeGreaterThan(3);
    expect(sources).toContain('scripts/lib/flows/claim/claim-flow.ts');
    expect([...sources].some((s) => s.startsWith('node_modules/yaml/'))).toBe(true);
    const trace = [...closure(verbChunk('trace')).sources];
    expect(trace.some((s) => s.startsWith('node_modules/ajv/dist/compile/'))).toBe(true);
    const query = [...closure(verbChunk('query')).sources];
    expect(query.some((s) => s.startsWith('node_modules/re2js/'))).toBe(true);
  });
});
