// A throwaway repository with a plane and a four-line ledger, for the knowledge verb tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { dispatchCommand } from '../../scripts/cli.ts';
import { createTestContext } from './context.ts';

export interface KnowledgePlane {
  root: string;
  /** sha256 of each ledger line, in order. */
  hashes: string[];
  run(args: string[], now?: string): Promise<{ code: number; out: string; err: string }>;
  write(path: string, text: string): void;
}

export function makeKnowledgePlane(): KnowledgePlane {
  const root = mkdtempSync(join(tmpdir(), 'pg-knowledge-'));
  // Two unrelated runs, then an entry that names H-0001 and a human attestation that names it.
  const lines = [
    '{"kind":"run","seq":0}',
    '{"kind":"run","seq":1}',
    '{"body":{"hypothesis":"H-0001"},"kind":"note","seq":2}',
    '{"actor":{"authority":"human:alice"},"body":{"note":"H-0001: reproduced by hand"},"kind":"attest","seq":3}',
  ];
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('.proofgate/controls/manifest.yaml', 'version: 1\n');
  write('.proofgate/evidence/ledger/main.jsonl', `${lines.join('\n')}\n`);
  write('src/orders.ts', 'export const limit = 100;\n');
  return {
    root,
    hashes: lines.map((l) => sha256Hex(l)),
    write,
    async run(args, now = '2026-01-01T00:00:00.000Z') {
      const ctx = createTestContext({ cwd: root, now });
      const code = await dispatchCommand([...args, '--root', root], ctx);
      return { code, out: ctx.stdout(), err: ctx.stderr() };
    },
  };
}

const MANIFEST = `version: 1
ledger_id: 0f0f0f0f0f0f0f0f
project: { name: demo }
profile:
  development_mode: ai_brownfield
  target_maturity: production_ready
  product_type: [service]
  distribution_model: saas
  criticality: medium
  data_sensitivity: internal
  ai_system: false
  scope_mode: full_repo
scope: { include: ['**'], exclude: [] }
authorities:
  - { id: 'virtual:developer', kind: virtual, stages: [self] }
  - { id: 'human:owner', kind: human, stages: [self] }
policies:
  claims:
    task: { required_stages: [self] }
    project: { required_stages: [self] }
    release: { required_stages: [self] }
  evidence: { output_cap_bytes: 65536, redact_env: [] }
  unmapped_instructions: warn
`;

export const controlYaml = (
  id: string,
  req: string,
  risk: string,
  maturity: string,
  execution: string,
): string => `
  - id: ${id}
    title: ${id}
    owner: virtual:developer
    requirements: [${req}]
    risks: [${risk}]
    applies: { value: true }
    required_from_maturity: ${maturity}
    execution: ${execution}
    evidence_required: [run]`;

export function planeWith(controls: string, requirements?: string) {
  const plane = makeKnowledgePlane();
  plane.write('.proofgate/controls/manifest.yaml', MANIFEST);
  plane.write('.proofgate/controls/registry.yaml', `version: 1\ncontrols:${controls || ' []'}\n`);
  // next and sync read real control statuses: a git repository with an empty, trustworthy ledger.
  rmSync(join(plane.root, '.proofgate', 'evidence', 'ledger', 'main.jsonl'));
  execFileSync('git', ['init', '-q'], { cwd: plane.root });
  if (requirements !== undefined) plane.write('docs/requirements.yaml', requirements);
  return plane;
}

/** The code the exploration tests probe: large page sizes are clamped, negative ones pass. */
export const PAGER = `export function pageSize(n) { return n > 100 ? 100 : n; }\n`;

/**
 * A plane holding PAGER and one probe script per entry: `name: [input, want]` prints what
 * `pageSize(input)` got and exits 0 when that is `want`.
 */
export function pagerPlane(probes: Record<string, [number, number]>): KnowledgePlane {
  const plane = planeWith('');
  plane.write('pager.mjs', PAGER);
  for (const [name, [input, want]] of Object.entries(probes)) {
    plane.write(
      name,
      `import { pageSize } from './pager.mjs'; const got = pageSize(${input}); ` +
        `console.log('got ' + got); process.exit(got === ${want} ? 0 : 1);\n`,
    );
  }
  return plane;
}

/** `--probe-argv node <script>`, confirming the claim when the script exits 1. */
export const scriptProbe = (script: string): string[] => [
  '--probe-argv',
  process.execPath,
  '--probe-argv',
  script,
  '--expect-exit',
  '1',
];

/** `hypothesis add <claim>`: by default a functional claim from recon at cost 1; then the probe flags. */
export function hypothesisArgs(
  claim: string,
  o: {
    attr?: string;
    risk?: string;
    infoGain?: string;
    cost?: string;
    oracle?: string;
    probe?: string[];
  } = {},
): string[] {
  return [
    'knowledge',
    'hypothesis',
    'add',
    claim,
    '--attr',
    o.attr ?? 'functional',
    '--risk',
    o.risk ?? '0.9',
    '--info-gain',
    o.infoGain ?? '0.9',
    '--cost',
    o.cost ?? '1',
    '--oracle',
    o.oracle ?? 'the probe exits 1 when the claim holds',
    '--provenance',
    'recon',
    ...(o.probe ?? []),
  ];
}

/**
 * `casebase add` for a case of project shop seen in CI and confirmed by a user; without
 * `negative` the case records that nothing failed (`--none-failed`).
 */
export function caseArgs(
  o: {
    kind?: string;
    architecture?: string;
    attr?: string;
    stack?: string;
    applicability?: string;
    strategy?: string;
    outcome?: string;
    negative?: string;
  } = {},
): string[] {
  return [
    'knowledge',
    'casebase',
    'add',
    '--kind',
    o.kind ?? 'web-api',
    '--architecture',
    o.architecture ?? 'service',
    '--attr',
    o.attr ?? 'functional',
    ...(o.stack === undefined ? [] : ['--stack', o.stack]),
    '--applicability',
    o.applicability ?? 'paged listings',
    '--strategy',
    o.strategy ?? 'boundary probes',
    '--outcome',
    o.outcome ?? 'clamping bug found',
    ...(o.negative === undefined ? ['--none-failed'] : ['--negative', o.negative]),
    '--project',
    'shop',
    '--environment',
    'ci',
    '--confirmation',
    'user',
  ];
}

/** `hypothesis update` of one hypothesis to a status, citing each evidence hash or prefix given. */
export const updateArgs = (id: string, status: string, ...evidence: string[]): string[] => [
  ...['knowledge', 'hypothesis', 'update', '--id', id, '--status', status],
  ...evidence.flatMap((e) => ['--evidence', e]),
];

/** The argv without each named flag and its value; a flag that is not there is a broken test. */
export function dropFlags(argv: readonly string[], ...flags: string[]): string[] {
  let out = [...argv];
  for (const flag of flags) {
    const i = out.indexOf(flag);
    if (i < 0) throw new Error(`dropFlags: ${flag} is not in ${out.join(' ')}`);
    out = [...out.slice(0, i), ...out.slice(i + 2)];
  }
  return out;
}

/** `memory add` of one fact about a path, backed by a ledger entry, at a maturity. */
export const memoryArgs = (
  fact: string,
  path: string,
  evidence: string,
  maturity: string,
): string[] => [
  'knowledge',
  'memory',
  'add',
  fact,
  '--path',
  path,
  '--evidence',
  evidence,
  '--maturity',
  maturity,
];
