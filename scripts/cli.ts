// The `proofgate` entry point and its verb table: the top-level verbs a user types, in help order,
// each with its one-line description, the module that runs it (scripts/<verb>.ts) and its actions
// (a word after the verb, `authority keys`, or a flag that picks a view, `status --readiness`),
// each run by a module of its own in the verb's folder (scripts/<verb>/<action>.ts). Dispatch,
// --help, the docs checks and the next-command table check all read this one table. Each module
// loads lazily so that `proofgate --help` and every verb start fast.
import type { Context } from './lib/core/context.ts';
import type { ExitCode } from './lib/core/errors.ts';
import type { Renamed, VerbRow } from './lib/cli/define-verb.ts';
import { dispatch } from './lib/cli/dispatch.ts';
import { withInvocation } from './lib/cli/invocation-context.ts';
import { tolerateClosedPipes } from './lib/io/host/broken-pipe.ts';
import { createRealContext } from './lib/io/host/context.ts';
import { isMainModule } from './lib/io/host/main-module.ts';

/** The top-level verbs, in help order: at most 20, each a noun or verb a user would guess. */
export const verbs: readonly VerbRow[] = [
  {
    name: 'scan',
    describe: 'Inventory the repository and list the real commands that could become controls',
    load: async () => (await import('./scan.ts')).scan,
  },
  {
    name: 'init',
    describe:
      'Print the profile template, create the control plane from an explicit profile, or render its docs (--render)',
    load: async () => (await import('./init.ts')).init,
    actions: [
      {
        spelling: '--render',
        describe:
          'Render INDEX.md and docs/ from the control plane sources (--check: exit 1 if stale)',
        load: async () => (await import('./init/render.ts')).render,
      },
      {
        spelling: '--scaffold-ci',
        describe:
          'Write a runner script and a GitHub workflow with every action pinned to a commit SHA',
        load: async () => (await import('./init/scaffold-ci.ts')).scaffoldCi,
      },
    ],
  },
  {
    name: 'adopt',
    describe:
      'Turn a real command into a control, fill a slot with your own command, or mark a control not applicable',
    load: async () => (await import('./adopt.ts')).adopt,
  },
  {
    name: 'install',
    describe: 'Install the Stop hook for an agent (--hook <agent>) or the agent skill (--skill)',
    actions: [
      {
        spelling: '--hook',
        takes: '<agent>',
        describe: "Add the proofgate Stop hook to the agent's project settings (claude or codex)",
        load: async () => (await import('./install/hook.ts')).installHook,
      },
      {
        spelling: '--skill',
        describe: 'Copy the agent skill (SKILL.md, INDEX.md, references/) where the agents load it',
        load: async () => (await import('./install/skill.ts')).installSkill,
      },
    ],
  },
  {
    name: 'hook',
    describe: 'The Stop-hook gate for Claude Code and Codex (hook stop)',
    load: async () => (await import('./hook.ts')).hook,
  },
  {
    name: 'evaluate',
    describe: 'Run controls and record the results (--run), or preview them (--dry-run)',
    load: async () => (await import('./evaluate.ts')).evaluate,
  },
  {
    name: 'audit',
    describe: 'Independently re-run reviewed results and record agreement or dispute',
    load: async () => (await import('./audit.ts')).audit,
  },
  {
    name: 'attest',
    describe: 'Record a human or external attestation of a manual control (PASS or FAIL)',
    load: async () => (await import('./attest.ts')).attest,
  },
  {
    name: 'claim',
    describe: 'Claim a task, the project or a release done: granted only on current PASS evidence',
    load: async () => (await import('./claim.ts')).claim,
  },
  {
    name: 'status',
    describe:
      'Show every applicable control; views: --readiness, --blockers, --next (what to do now), --handoff',
    load: async () => (await import('./status.ts')).status,
    actions: [
      {
        spelling: '--readiness',
        describe: 'Task-claim, merge and release readiness, without writing anything',
        load: async () => (await import('./status/readiness.ts')).readiness,
      },
      {
        spelling: '--handoff',
        describe:
          'Write (--write), check (--check) or show (--show) the task handoff for the next session',
        load: async () => (await import('./status/handoff.ts')).handoff,
      },
      {
        spelling: '--blockers',
        describe: 'What stands between the claim and a grant, one line per blocker',
        load: async () => (await import('./status/blockers.ts')).blockers,
      },
      {
        spelling: '--next',
        describe: 'Rank what to do now: non-PASS controls, traceability gaps, open hypotheses',
        load: async () => (await import('./status/next.ts')).next,
      },
    ],
  },
  {
    name: 'query',
    describe:
      'Look up one view: control, run, claim, entry, subject, evidence, authority, head, decisions, chain; handoff <part>',
    load: async () => (await import('./query.ts')).query,
    actions: [
      {
        spelling: 'handoff',
        describe:
          'One part of the task handoff (readiness, blockers, bindings, notes), re-derived; exit 1 when stale',
        load: async () => (await import('./query/handoff.ts')).queryHandoff,
      },
    ],
  },
  {
    name: 'verify',
    describe:
      'Prove the ledger intact: every line (--full, also append-only against the upstream) or append-only since a base ref (--base); check a candidate proposal offline (--candidate)',
    load: async () => (await import('./verify.ts')).verify,
    actions: [
      {
        spelling: '--candidate',
        takes: '<kind>',
        describe:
          'Check an execution-closure or plane-mutator proposal offline against its schema and rules',
        load: async () => (await import('./verify/candidate.ts')).candidate,
      },
    ],
  },
  {
    name: 'seal',
    describe:
      'Seal the ledger: record every segment head and the evidence inventory; close the segments',
    load: async () => (await import('./seal.ts')).seal,
  },
  {
    name: 'report',
    describe: 'Write one self-contained HTML report for human auditors',
    load: async () => (await import('./report.ts')).report,
  },
  {
    name: 'export',
    describe:
      'Export a granted claim as a signed in-toto Statement (DSSE), verify one, or export the auditor trust root (--trust-root)',
    load: async () => (await import('./export.ts')).exportVerb,
    actions: [
      {
        spelling: '--trust-root',
        describe:
          'Export the auditor trust root (authorities, keys, segment heads) that --trust checks against',
        load: async () => (await import('./export/trust-root.ts')).trustRoot,
      },
    ],
  },
  {
    name: 'trace',
    describe:
      'Check agent traces against a trajectory rule pack, compare a baseline and a new set of traces, or print normalized events',
    load: async () => (await import('./trace.ts')).trace,
  },
  {
    name: 'efficacy',
    describe:
      'Plant seeded defects in a temporary worktree and check that each control catches them',
    load: async () => (await import('./efficacy.ts')).efficacy,
  },
  {
    name: 'authority',
    describe:
      'Register, list or retire authorities; their signing keys (keys); approve changed control definitions (approve)',
    load: async () => (await import('./authority.ts')).authority,
    actions: [
      {
        spelling: 'keys',
        describe: 'Generate or list Ed25519 signing keys of authorities',
        load: async () => (await import('./authority/keys.ts')).keys,
      },
      {
        spelling: 'approve',
        describe:
          'Release authority: approve changed control definitions for project and release claims',
        load: async () => (await import('./authority/approve.ts')).approve,
      },
    ],
  },
  {
    name: 'campaign',
    describe:
      'Register convergence campaigns, lint a candidate (lint), record ratchet baselines, import a remote CI result (import-ci)',
    load: async () => (await import('./campaign.ts')).campaign,
    actions: [
      {
        spelling: 'import-ci',
        describe: 'Import a remote CI result (JUnit XML or JSON) bound to the commit it ran on',
        load: async () => (await import('./campaign/import-ci.ts')).importCi,
      },
    ],
  },
  {
    name: 'knowledge',
    describe:
      'The knowledge plane: memory facts, negative decisions, hypotheses, the case base, the traceability graph (sync), probes (explore)',
    actions: [
      {
        spelling: 'memory',
        describe: 'Record or list memory facts (path + ledger evidence + maturity)',
        load: async () => (await import('./knowledge/memory.ts')).memory,
      },
      {
        spelling: 'decision',
        describe: 'Record, list or supersede negative decisions (rejected approaches)',
        load: async () => (await import('./knowledge/decision.ts')).decision,
      },
      {
        spelling: 'hypothesis',
        describe: 'Add, update or list hypotheses ranked by infoGain × risk ÷ cost',
        load: async () => (await import('./knowledge/hypothesis.ts')).hypothesis,
      },
      {
        spelling: 'casebase',
        describe: 'Add, observe, retrieve, export, import or extract reusable test strategy cases',
        load: async () => (await import('./knowledge/casebase.ts')).casebase,
      },
      {
        spelling: 'sync',
        describe: 'Derive the traceability graph and report chains that stop short',
        load: async () => (await import('./knowledge/sync.ts')).sync,
      },
      {
        spelling: 'explore',
        describe:
          'Run the top-priority hypothesis probe and decide it; --until-done loops within a budget',
        load: async () => (await import('./knowledge/explore.ts')).explore,
      },
    ],
  },
];

/**
 * Words of earlier releases: each is refused (exit 2) with the spelling that does the same now.
 * Only for the message; none of them runs.
 */
export const renamed: readonly Renamed[] = [
  { words: ['render'], instead: 'proofgate init --render' },
  { words: ['scaffold'], instead: 'proofgate init --scaffold-ci' },
  { words: ['approve'], instead: 'proofgate authority approve' },
  { words: ['keys'], instead: 'proofgate authority keys' },
  { words: ['trust'], instead: 'proofgate export --trust-root' },
  { words: ['readiness'], instead: 'proofgate status --readiness' },
  { words: ['handoff'], instead: 'proofgate status --handoff' },
  { words: ['next'], instead: 'proofgate status --next' },
  { words: ['validate'], instead: 'proofgate verify --candidate <kind>' },
  { words: ['query', 'blockers'], instead: 'proofgate status --blockers' },
  { words: ['query', 'trace'], instead: 'proofgate query chain' },
  { words: ['hook', 'install'], instead: 'proofgate install --hook <agent>' },
  { words: ['skill'], instead: 'proofgate install --skill' },
  { words: ['ci-import'], instead: 'proofgate campaign import-ci' },
  ...['memory', 'decision', 'hypothesis', 'casebase', 'sync', 'explore'].map((name) => ({
    words: [name],
    instead: `proofgate knowledge ${name}`,
  })),
  { words: ['evaluate', '--claim'], instead: 'proofgate evaluate --run, then proofgate claim' },
  {
    words: ['evaluate', '--audit-stage'],
    instead: 'proofgate evaluate --run (always the self stage; the other stages: proofgate audit)',
  },
];

/** Runs one command line against the verb table; never throws. */
export function dispatchCommand(args: readonly string[], ctx: Context): Promise<ExitCode> {
  return dispatch(verbs, args, ctx, renamed);
}

export async function main(args: readonly string[]): Promise<void> {
  tolerateClosedPipes();
  const words = verbs.map((v) => v.name);
  process.exitCode = await dispatchCommand(args, withInvocation(createRealContext(), words, args));
}

if (isMainModule(import.meta.url)) void main(process.argv.slice(2));
