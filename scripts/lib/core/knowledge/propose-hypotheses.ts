// What the exploring loop proposes on its own, from what proofgate already knows: source files no
// control's inputs cover, controls that fail or flake, traceability gaps (requirements without a
// control among them), the target model's high-risk goals and scan's unknowns. Each proposal has
// its provenance (`recon:<source>:<what>`), a probe the loop can run and priors that say how much
// is already known. Nothing is proposed twice (same provenance or claim on the board), against a
// negative decision in force on its path, or when its probe needs an authorization not allowed;
// what cannot be probed is listed with the reason instead of being proposed.
import type { ControlStatusValue } from '../gate/status/compute-status.ts';
import type { AuthorizationKind } from '../plane/types.ts';
import type { RequirementGap } from './build-requirement-graph.ts';
import { nextId } from './next-id.ts';
import type { GoalOfModel } from './seed-priors.ts';
import type { Decision, Hypothesis, Probe, QualityAttribute } from './types.ts';

export interface ProposalControl {
  id: string;
  title: string;
  status: ControlStatusValue;
  flaky: boolean;
  /** Authorization kinds running it would use. */
  needs: readonly AuthorizationKind[];
  /** Whether a run observes something (a command, file or trace check; not a slot or manual). */
  runnable: boolean;
}

export interface ProposalInputs {
  board: readonly Hypothesis[];
  /** Negative decisions in force: a file under one of their paths is not proposed again. */
  decisions: readonly Decision[];
  uncoveredFiles: readonly string[];
  controls: readonly ProposalControl[];
  /** Gaps that block claims at the target maturity. */
  gaps: readonly RequirementGap[];
  goals: readonly GoalOfModel[];
  /** milli, from which a goal is high-risk. */
  highRisk: number;
  unknowns: readonly { question: string }[];
  allow: readonly AuthorizationKind[];
  /** The argv that runs this proofgate (a trace-check probe runs `knowledge sync`). */
  self: readonly string[];
  now: Date;
  /** At most this many file proposals per run (the rest are listed as deferred). */
  maxFiles?: number;
}

export interface NotProposed {
  source: string;
  reason: string;
}

export interface Proposals {
  added: Hypothesis[];
  notProposed: NotProposed[];
}

/** Paths whose name says they are tests, in git pathspec glob form. */
const TEST_PATHSPECS = [
  ':(glob)**/*test*',
  ':(glob)**/*spec*',
  ':(glob)**/test/**',
  ':(glob)**/tests/**',
  ':(glob)**/__tests__/**',
];

/** Words that tie a control to a quality attribute, for the high-risk goal probe. */
const ATTR_WORDS: Record<QualityAttribute, RegExp> = {
  functional: /test|unit|spec|e2e|check/i,
  performance: /perf|bench|load|latency/i,
  security: /secur|audit|secret|vuln|sast|cve|license/i,
  compat: /compat|matrix|type|api|build/i,
  reliability: /e2e|integration|smoke|soak|chaos|flaky/i,
  usability: /a11y|access|usab|ui/i,
  maintainability: /lint|format|style|complex|dead/i,
};

const normalize = (text: string): string => text.trim().toLowerCase().replace(/\s+/gu, ' ');
const stemOf = (path: string): string =>
  (path.split('/').pop() ?? path).replace(/\.[^.]+$/u, '').replace(/\.(test|spec)$/u, '');
const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

function underPath(file: string, path: string): boolean {
  const dir = path.replace(/\/+$/u, '');
  return file === dir || file.startsWith(`${dir}/`);
}

interface Draft {
  provenance: string;
  claim: string;
  attr: QualityAttribute;
  risk: number;
  infoGain: number;
  cost: number;
  oracle: string;
  probe: Probe;
  needs?: readonly AuthorizationKind[];
}

const riskOf = (goals: readonly GoalOfModel[], attr: QualityAttribute): number =>
  goals.find((g) => g.attr === attr)?.risk ?? 500;

function fileDrafts(input: ProposalInputs): { drafts: Draft[]; deferred: NotProposed[] } {
  const open = input.uncoveredFiles.filter(
    (f) => !input.decisions.some((d) => d.paths.some((p) => underPath(f, p))),
  );
  const ruled = input.uncoveredFiles
    .filter((f) => !open.includes(f))
    .map((f) => ({ source: `file ${f}`, reason: 'a negative decision in force covers it' }));
  const drafts = open.map((file) => ({
    provenance: `recon:file:${file}`,
    claim: `no test names ${stemOf(file)} (${file} is in no control's inputs)`,
    attr: 'functional' as const,
    risk: riskOf(input.goals, 'functional'),
    // Nothing is known yet: a name search is cheap and says a lot.
    infoGain: 700,
    cost: 200,
    oracle: `git grep finds no test file mentioning "${stemOf(file)}" (exit 1)`,
    probe: {
      argv: [
        ...['git', 'grep', '-q', '-F', '-e', stemOf(file), '--'],
        ...TEST_PATHSPECS,
        `:(exclude)${file}`,
      ],
      expectExit: 1,
    },
  }));
  return { drafts, deferred: ruled };
}

/**
 * A flaky control's PASS and FAIL on the same code leave its outcome genuinely uncertain; a
 * control whose last result was a FAIL is mostly confirmed by a rerun.
 */
const CONTROL_DRAFTS = {
  flaky: {
    claim: 'passes reliably on the current code',
    attr: 'reliability',
    risk: 700,
    infoGain: 800,
    oracle: 'PASS (run with --repeat to expose flakiness)',
    expectStatus: 'PASS',
  },
  fail: {
    claim: 'still fails on the current code',
    attr: 'functional',
    risk: 800,
    infoGain: 500,
    oracle: 'FAIL',
    expectStatus: 'FAIL',
  },
} as const;

function controlDrafts(input: ProposalInputs): Draft[] {
  return input.controls.flatMap((c): Draft[] => {
    if (!c.runnable) return [];
    const kind = c.flaky ? 'flaky' : c.status === 'FAIL' ? 'fail' : undefined;
    if (kind === undefined) return [];
    const d = CONTROL_DRAFTS[kind];
    return [
      {
        provenance: `recon:control:${c.id}:${kind}`,
        claim: `${c.id} ${d.claim}`,
        attr: d.attr,
        risk: d.risk,
        infoGain: d.infoGain,
        cost: 1000,
        oracle: `${c.id} ${d.oracle}`,
        probe: { argv: [], control: c.id, expectStatus: d.expectStatus },
        needs: c.needs,
      },
    ];
  });
}

function gapDrafts(input: ProposalInputs): Draft[] {
  return input.gaps.map((g) => {
    const via = g.control === undefined ? '' : ` via ${g.control}`;
    const pattern = [
      `"kind":\\s*"${g.kind}"`,
      `"requirement":\\s*"${escapeRe(g.requirement)}"`,
      ...(g.control === undefined ? [] : [`"control":\\s*"${escapeRe(g.control)}"`]),
    ].join(',\\s*');
    return {
      provenance: `recon:gap:${g.kind}:${g.requirement}${g.control === undefined ? '' : `:${g.control}`}`,
      claim:
        g.kind === 'missing_control'
          ? `requirement ${g.requirement} has no control that verifies it`
          : `requirement ${g.requirement} has a traceability gap ${g.kind}${via}`,
      attr: 'functional',
      risk: 900,
      // The graph already shows the gap: the trace check records it, it seldom surprises.
      infoGain: 300,
      cost: 300,
      oracle: `knowledge sync lists ${g.kind} ${g.requirement}${via}`,
      probe: {
        argv: [...input.self, 'knowledge', 'sync', '--dry-run', '--json'],
        expectOutput: pattern,
      },
    };
  });
}

function goalDrafts(input: ProposalInputs): { drafts: Draft[]; notProposed: NotProposed[] } {
  const drafts: Draft[] = [];
  const notProposed: NotProposed[] = [];
  for (const goal of input.goals.filter((g) => g.risk >= input.highRisk)) {
    const words = ATTR_WORDS[goal.attr];
    const control = input.controls.find(
      (c) =>
        c.runnable && c.status !== 'NOT_APPLICABLE' && (words.test(c.id) || words.test(c.title)),
    );
    if (control === undefined) {
      notProposed.push({
        source: `goal ${goal.attr}`,
        reason:
          'no runnable control names it, and no command probes it (add a hypothesis with a probe)',
      });
      continue;
    }
    drafts.push({
      provenance: `recon:goal:${goal.attr}`,
      claim: `the ${goal.attr} goal holds: ${control.id} passes on the current code`,
      attr: goal.attr,
      risk: goal.risk,
      infoGain: control.status === 'PASS' ? 400 : 700,
      cost: 1000,
      oracle: `${control.id} PASS`,
      probe: { argv: [], control: control.id, expectStatus: 'PASS' },
      needs: control.needs,
    });
  }
  return { drafts, notProposed };
}

function unknownDrafts(input: ProposalInputs): { drafts: Draft[]; notProposed: NotProposed[] } {
  const drafts: Draft[] = [];
  const notProposed: NotProposed[] = [];
  for (const u of input.unknowns) {
    if (u.question === 'How are the tests run?') {
      drafts.push({
        provenance: 'recon:unknown:tests',
        claim: 'the repository holds test files that no adopted command runs',
        attr: 'functional',
        risk: riskOf(input.goals, 'functional'),
        infoGain: 800,
        cost: 200,
        oracle: 'git ls-files lists at least one test file',
        probe: { argv: ['git', 'ls-files', '--', ...TEST_PATHSPECS], expectOutput: '\\S' },
      });
    } else {
      notProposed.push({ source: `unknown: ${u.question}`, reason: 'needs a person to answer' });
    }
  }
  return { drafts, notProposed };
}

export function proposeHypotheses(input: ProposalInputs): Proposals {
  const files = fileDrafts(input);
  const goals = goalDrafts(input);
  const unknowns = unknownDrafts(input);
  const drafts = [
    ...controlDrafts(input),
    ...gapDrafts(input),
    ...goals.drafts,
    ...unknowns.drafts,
    ...files.drafts,
  ];
  const notProposed = [...files.deferred, ...goals.notProposed, ...unknowns.notProposed];
  const provenances = new Set(input.board.map((h) => h.provenance));
  const claims = new Set(input.board.map((h) => normalize(h.claim)));
  const ids = input.board.map((h) => h.id);
  const added: Hypothesis[] = [];
  let fileCount = 0;
  for (const d of drafts) {
    if (provenances.has(d.provenance) || claims.has(normalize(d.claim))) continue;
    const blocked = (d.needs ?? []).filter((k) => !input.allow.includes(k));
    if (blocked.length > 0) {
      notProposed.push({
        source: d.provenance,
        reason: `its probe needs ${blocked.join(', ')}, beyond the allowed blast radius`,
      });
      continue;
    }
    if (d.provenance.startsWith('recon:file:')) {
      fileCount += 1;
      if (fileCount > (input.maxFiles ?? 5)) {
        notProposed.push({ source: d.provenance, reason: 'deferred: file proposals per run' });
        continue;
      }
    }
    provenances.add(d.provenance);
    claims.add(normalize(d.claim));
    const id = nextId('H', ids);
    ids.push(id);
    const { needs: _needs, ...rest } = d;
    added.push({ id, ...rest, status: 'open', evidence: [], time: input.now.toISOString() });
  }
  return { added, notProposed };
}
