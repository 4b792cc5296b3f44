// What each start of the bundled `proofgate` loads before it runs anything: the static import
// closure of dist/cli.mjs (everything `proofgate --help` loads) and of each verb's entry chunk.
// The global setup builds dist/ before this runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const STATIC_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*"(\.\/[^"]+)"|\n\s*import\s*"(\.\/[^"]+)"/g;
/** esbuild marks each bundled source file with a `// <path>` line. */
const MARKER = /^\/\/ ((?:scripts|node_modules)\/\S+)$/gm;

function closure(entry: string): { files: string[]; sources: Set<string> } {
  const seen = new Set<string>();
  const sources = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(DIST, file), 'utf8');
    for (const m of text.matchAll(MARKER)) sources.add(m[1]!);
    for (const m of text.matchAll(STATIC_IMPORT)) visit((m[1] ?? m[2]!).slice(2));
  };
  visit(entry);
  return { files: [...seen], sources };
}

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
/** A verb module's source, as esbuild's markers name it. */
const VERB_SOURCE = /^scripts\/(?!lib\/)[^/]+(\/[^/]+)?\.ts$/;

/** The current build's files (chunks of earlier builds stay in dist/ for a while, retired). */
const BUILT: string[] = JSON.parse(readFileSync(join(DIST, '.build.json'), 'utf8')) as string[];

/** The entry chunk of a verb module: the one chunk (not a shared `chunk-`) holding its source. */
function verbChunk(verb: string): string {
  const marker = `\n// scripts/${verb}.ts\n`;
  const chunks = BUILT.filter(
    (f) =>
      f.endsWith('.mjs') &&
      !f.startsWith('chunk-') &&
      readFileSync(join(DIST, f), 'utf8').includes(marker),
  );
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
  const dynamic = closure(verbChunk(verb)).files.flatMap((file) =>
    [...readFileSync(join(DIST, file), 'utf8').matchAll(/import\("\.\/([^"]+)"\)/g)].map(
      (m) => m[1]!,
    ),
  );
  expect(dynamic.some((f) => f.startsWith('hook-stop-claim-'))).toBe(true);
  // The session's transcript is judged (with the trace engine) only when the payload names one:
  // that chunk is loaded then, never on a stop without a transcript.
  expect(dynamic.some((f) => f.startsWith('hook-stop-transcript-'))).toBe(true);
  return dynamic
    .filter((chunk) => !chunk.startsWith('hook-stop-transcript-'))
    .flatMap((chunk) => [...closure(chunk).sources]);
}

describe('the bundle loads only what the command needs', () => {
  it('the entry (all that --help, --version and an unknown verb load) holds no verb, parser or YAML', () => {
    const { sources } = closure('cli.mjs');
    const loaded = [...sources];
    expect(loaded.filter((s) => s.startsWith('node_modules/'))).toEqual([]);
    expect(loaded.filter((s) => VERB_SOURCE.test(s))).toEqual(['scripts/cli.ts']);
    expect(loaded).toContain('scripts/lib/cli/dispatch.ts');
    expect(loaded).not.toContain('scripts/lib/cli/parse-args.ts');
  });

  it('the entry loads each verb only through a dynamic import', () => {
    const entry = readFileSync(join(DIST, 'cli.mjs'), 'utf8');
    for (const verb of VERBS) expect(entry, verb).toContain(`import("./${verbChunk(verb)}")`);
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
