// The `proofgate` dispatcher. `verbs` below is the list of top-level verbs, in help order, with
// their sub-actions; `verbTable` lists every verb module (scripts/<name>.ts) that runs them; `old`
// the spellings kept for one release (see ARCHITECTURE.md). Each module loads lazily so that
// `proofgate --help` and every verb start fast; a test checks that every scripts/<verb>.ts is
// listed here and that the descriptions match.
import { dispatchTable } from './lib/cli/dispatch-table.ts';
import type { CliTable, VerbEntry } from './lib/cli/dispatch-table.ts';
import { old, verbs } from './lib/cli/verb-rows.ts';
import { withInvocation } from './lib/cli/invocation-context.ts';
import { tolerateClosedPipes } from './lib/io/broken-pipe.ts';
import { createRealContext } from './lib/io/context.ts';
import { isMainModule } from './lib/io/main-module.ts';

export const verbTable: readonly VerbEntry[] = [
  {
    name: 'scan',
    describe: 'Inventory the repository and list the real commands that could become controls',
    load: async () => (await import('./scan.ts')).scan,
  },
  {
    name: 'init',
    describe: 'Print the profile template, or create the control plane from an explicit profile',
    load: async () => (await import('./init.ts')).init,
  },
  {
    name: 'adopt',
    describe:
      'Turn a real command into a control, fill a slot with your own command, or mark a control not applicable',
    load: async () => (await import('./adopt.ts')).adopt,
  },
  {
    name: 'render',
    describe: 'Render INDEX.md and docs/ from the control plane sources (--check: exit 1 if stale)',
    load: async () => (await import('./render.ts')).render,
  },
  {
    name: 'evaluate',
    describe: 'Run controls and record the results (--run), or preview them (--dry-run)',
    load: async () => (await import('./evaluate.ts')).evaluate,
  },
  {
    name: 'claim',
    describe: 'Claim a task, the project or a release done: granted only on current PASS evidence',
    load: async () => (await import('./claim.ts')).claim,
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
    name: 'approve',
    describe:
      'Release authority: approve changed control definitions for project and release claims',
    load: async () => (await import('./approve.ts')).approve,
  },
  {
    name: 'status',
    describe: 'Show every applicable control: status, why, since when, who ran it',
    load: async () => (await import('./status.ts')).status,
  },
  {
    name: 'query',
    describe:
      'Look up one view: control, run, claim, entry, subject, evidence, authority, head, blockers, decisions, chain',
    load: async () => (await import('./query.ts')).query,
  },
  {
    name: 'verify',
    describe:
      'Prove the ledger intact: every line (--full, also append-only against the upstream) or append-only since a base ref (--base)',
    load: async () => (await import('./verify.ts')).verify,
  },
  {
    name: 'seal',
    describe:
      'Seal the ledger: record every segment head and the evidence inventory; close the segments',
    load: async () => (await import('./seal.ts')).seal,
  },
  {
    name: 'authority',
    describe: 'Register, list or retire the authorities that may act in each stage',
    load: async () => (await import('./authority.ts')).authority,
  },
  {
    name: 'keys',
    describe: 'Generate or list Ed25519 signing keys of authorities',
    load: async () => (await import('./keys.ts')).keys,
  },
  {
    name: 'trust',
    describe:
      'Export the auditor trust root (authorities, keys, segment heads) that --trust checks against',
    load: async () => (await import('./trust.ts')).trust,
  },
  {
    name: 'export',
    describe:
      'Export a granted claim as a signed in-toto Statement (DSSE), or verify one against a trust file',
    load: async () => (await import('./export.ts')).exportVerb,
  },
  {
    name: 'trace',
    describe:
      'Check agent traces against a trajectory rule pack, compare a baseline and a new set of traces, or print normalized events',
    load: async () => (await import('./trace.ts')).trace,
  },
  {
    name: 'sync',
    describe: 'Derive the traceability graph and report chains that stop short',
    load: async () => (await import('./sync.ts')).sync,
  },
  {
    name: 'memory',
    describe: 'Record or list memory facts (path + ledger evidence + maturity)',
    load: async () => (await import('./memory.ts')).memory,
  },
  {
    name: 'decision',
    describe: 'Record, list or supersede negative decisions (rejected approaches)',
    load: async () => (await import('./decision.ts')).decision,
  },
  {
    name: 'hypothesis',
    describe: 'Add, update or list hypotheses ranked by infoGain × risk ÷ cost',
    load: async () => (await import('./hypothesis.ts')).hypothesis,
  },
  {
    name: 'explore',
    describe:
      'Run the top-priority hypothesis probe and decide it; --until-done loops within a budget',
    load: async () => (await import('./explore.ts')).explore,
  },
  {
    name: 'casebase',
    describe: 'Add, observe, retrieve, export, import or extract reusable test strategy cases',
    load: async () => (await import('./casebase.ts')).casebase,
  },
  {
    name: 'next',
    describe: 'Rank what to do now: non-PASS controls, traceability gaps, open hypotheses',
    load: async () => (await import('./next.ts')).next,
  },
  {
    name: 'readiness',
    describe: 'Report task-claim, merge and release readiness without writing anything',
    load: async () => (await import('./readiness.ts')).readiness,
  },
  {
    name: 'handoff',
    describe: 'Write, check or show the task handoff pair (JSON + Markdown) for the next session',
    load: async () => (await import('./handoff.ts')).handoff,
  },
  {
    name: 'validate',
    describe: 'Check a candidate proposal offline: an execution closure or a plane mutator',
    load: async () => (await import('./validate.ts')).validate,
  },
  {
    name: 'scaffold',
    describe: 'Write a runner script and a GitHub workflow with actions pinned to commit SHAs',
    load: async () => (await import('./scaffold.ts')).scaffold,
  },
  {
    name: 'efficacy',
    describe:
      'Plant seeded defects in a temporary worktree and check that each control catches them',
    load: async () => (await import('./efficacy.ts')).efficacy,
  },
  {
    name: 'hook',
    describe: 'Stop-hook gate for Claude Code and Codex (stop), and its installer (install)',
    load: async () => (await import('./hook.ts')).hook,
  },
  {
    name: 'skill',
    describe:
      'Install the agent skill (SKILL.md, INDEX.md, references/) where Claude Code and Codex load it',
    load: async () => (await import('./skill.ts')).skill,
  },
  {
    name: 'report',
    describe: 'Write one self-contained HTML report for human auditors',
    load: async () => (await import('./report.ts')).report,
  },
  {
    name: 'campaign',
    describe:
      'Register convergence campaigns and record ratchet baselines (ledger entries, never files)',
    load: async () => (await import('./campaign.ts')).campaign,
  },
  {
    name: 'ci-import',
    describe: 'Import a remote CI result (JUnit XML or JSON) bound to the commit it ran on',
    load: async () => (await import('./ci-import.ts')).ciImport,
  },
];

export const cliTable: CliTable = { modules: verbTable, verbs, old };

export async function main(args: readonly string[]): Promise<void> {
  tolerateClosedPipes();
  const words = [...verbs.map((v) => v.name), ...verbTable.map((v) => v.name)];
  process.exitCode = await dispatchTable(
    cliTable,
    args,
    withInvocation(createRealContext(), [...new Set(words)]),
  );
}

if (isMainModule(import.meta.url)) await main(process.argv.slice(2));
