// `proofgate adopt`: turns one real command found by scan into a command control (or fills a
// catalog slot with it). Edits registry.yaml keeping comments, re-validates, re-renders INDEX.md.
import type { Context } from './lib/core/context.ts';
import { applyAdoption } from './lib/core/plane/edit-registry.ts';
import { planAdoption } from './lib/core/plane/plan-adoption.ts';
import { assertPlaneReferences, assertRegistry } from './lib/core/plane/validate.ts';
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { findGitRoot } from './lib/io/git.ts';
import { loadPlane } from './lib/io/plane.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { scanRepository } from './lib/io/scan-repo.ts';
import { readTextFile, replaceFile, writeDerivedFiles } from './lib/io/write-plane.ts';
import { parseDocument } from 'yaml';
import { relative } from 'node:path';
import { renderAdopt } from './lib/render/adopt.ts';
import type { AdoptResult } from './lib/render/adopt.ts';
import { renderPlaneFiles } from './lib/render/plane-docs.ts';
import type { CommonOptions } from './lib/core/options.ts';
import type { AuthorizationKind } from './lib/core/plane/types.ts';
import { readAuthorize } from './lib/cli/gate-flags.ts';

export interface AdoptOptions extends CommonOptions {
  list: boolean;
  candidate: string | undefined;
  as: string | undefined;
  fills: string | undefined;
  authorize: AuthorizationKind[];
}

export async function runAdopt(options: AdoptOptions, ctx: Context): Promise<AdoptResult> {
  const root = await findGitRoot(options.root ?? ctx.cwd);
  const plane = loadPlane(root);
  const scan = await scanRepository(root);
  if (options.list || options.candidate === undefined) {
    if (!options.list)
      throw new UsageError('MISSING_ARG', 'name a candidate to adopt, or pass --list', {
        next: 'run "proofgate adopt --list" to see the real commands found in the repository',
      });
    const slots = plane.registry.controls.flatMap((c) =>
      c.execution.type === 'slot' ? [{ id: c.id, hint: c.execution.hint }] : [],
    );
    return { mode: 'list', candidates: scan.candidates, not_adoptable: scan.not_adoptable, slots };
  }
  const request = {
    candidate: options.candidate,
    ...(options.as === undefined ? {} : { as: options.as }),
    ...(options.fills === undefined ? {} : { fills: options.fills }),
    authorize: options.authorize,
  };
  const plan = planAdoption(plane.registry, scan.candidates, scan.not_adoptable, request);
  const candidate = scan.candidates.find((c) => c.id === options.candidate);
  if (candidate === undefined)
    throw new UsageError('UNKNOWN_ID', `no candidate ${options.candidate}`);
  const controlId = plan.kind === 'add' ? plan.control.id : plan.controlId;
  if (plan.kind === 'unchanged')
    return { mode: 'unchanged', control: controlId, candidate, rendered: [] };
  const text = applyAdoption(readTextFile(plane.registryPath), plan);
  const registry: unknown = parseDocument(text).toJS();
  const shown = relative(root, plane.registryPath);
  assertRegistry(registry, shown);
  assertPlaneReferences(plane.manifest, registry, {
    manifest: relative(root, plane.manifestPath),
    registry: shown,
  });
  replaceFile(plane.registryPath, text);
  const rendered = writeDerivedFiles(plane.dir, renderPlaneFiles(plane.manifest, registry));
  return { mode: plan.kind, control: controlId, candidate, rendered };
}

export const adopt = defineVerb<AdoptOptions, AdoptResult>({
  name: 'adopt',
  command: 'adopt [candidate]',
  describe: 'Turn one real command found by scan into a control (nothing is a gate until adopted)',
  examples: [
    ['proofgate adopt --list', 'candidates, open slots and commands that cannot be adopted'],
    ['proofgate adopt npm:test --fills ENG.TESTS', 'the tests slot now runs ["npm","run","test"]'],
    ['proofgate adopt make:check --as CHECK', 'add a control CHECK running ["make","check"]'],
  ],
  builder: (y) =>
    y
      .positional('candidate', { type: 'string', describe: 'Candidate id, e.g. npm:test' })
      .option('list', {
        type: 'boolean',
        default: false,
        describe: 'List candidates and open slots',
      })
      .option('as', { type: 'string', describe: 'Id of the new control (default CMD.<candidate>)' })
      .option('fills', { type: 'string', describe: 'Fill this catalog slot control instead' })
      .option('authorize', {
        type: 'string',
        array: true,
        describe:
          'acknowledge a risky command (publish, deploy, install_dependencies, rewrite_files)',
      }),
  toOptions: (argv, common) => {
    const text = (key: string): string | undefined =>
      typeof argv[key] === 'string' ? argv[key] : undefined;
    return {
      ...common,
      list: argv['list'] === true,
      candidate: text('candidate'),
      as: text('as'),
      fills: text('fills'),
      authorize: readAuthorize(argv),
    };
  },
  run: runAdopt,
  render: renderAdopt,
  exitCode: () => 0,
});

runIfMain(import.meta.url, adopt);
