// The top-level verbs of `proofgate`, in help order, with their sub-actions, and the old spellings
// kept for one release. Each sub-action is run by a verb module of its own (scripts/<module>.ts,
// listed in scripts/cli.ts), which declares its flags; pure data, loaded by the entry.
import type { OldSpelling, VerbRow } from './spellings.ts';

const KNOWLEDGE = (spelling: string, describe: string) =>
  ({ spelling, module: spelling, describe }) as const;

/** The top-level verbs, in help order: at most 20, each a noun or verb a user would guess. */
export const verbs: readonly VerbRow[] = [
  {
    name: 'scan',
    describe: 'Inventory the repository and list the real commands that could become controls',
    module: 'scan',
  },
  {
    name: 'init',
    describe:
      'Print the profile template, create the control plane from an explicit profile, or render its docs (--render)',
    module: 'init',
    subs: [
      {
        spelling: '--render',
        module: 'render',
        describe:
          'Render INDEX.md and docs/ from the control plane sources (--check: exit 1 if stale)',
      },
      {
        spelling: '--scaffold-ci',
        module: 'scaffold',
        describe:
          'Write a runner script and a GitHub workflow with every action pinned to a commit SHA',
      },
    ],
  },
  {
    name: 'adopt',
    describe:
      'Turn a real command into a control, fill a slot with your own command, or mark a control not applicable',
    module: 'adopt',
  },
  {
    name: 'install',
    describe: 'Install the Stop hook for an agent (--hook <agent>) or the agent skill (--skill)',
    subs: [
      {
        spelling: '--hook',
        takes: '<agent>',
        module: 'hook',
        as: ['hook', 'install'],
        valueTo: '--agent',
        describe: "Add the proofgate Stop hook to the agent's project settings (claude or codex)",
      },
      {
        spelling: '--skill',
        module: 'skill',
        as: ['skill', 'install'],
        describe: 'Copy the agent skill (SKILL.md, INDEX.md, references/) where the agents load it',
      },
    ],
  },
  {
    name: 'hook',
    describe: 'The Stop-hook gate for Claude Code and Codex (hook stop)',
    module: 'hook',
  },
  {
    name: 'evaluate',
    describe: 'Run controls and record the results (--run), or preview them (--dry-run)',
    module: 'evaluate',
  },
  {
    name: 'audit',
    describe: 'Independently re-run reviewed results and record agreement or dispute',
    module: 'audit',
  },
  {
    name: 'attest',
    describe: 'Record a human or external attestation of a manual control (PASS or FAIL)',
    module: 'attest',
  },
  {
    name: 'claim',
    describe: 'Claim a task, the project or a release done: granted only on current PASS evidence',
    module: 'claim',
  },
  {
    name: 'status',
    describe:
      'Show every applicable control; views: --readiness, --blockers, --next (what to do now), --handoff',
    module: 'status',
    subs: [
      {
        spelling: '--readiness',
        module: 'readiness',
        describe: 'Task-claim, merge and release readiness, without writing anything',
      },
      {
        spelling: '--handoff',
        module: 'handoff',
        describe:
          'Write (--write), check (--check) or show (--show) the task handoff for the next session',
      },
      {
        spelling: '--blockers',
        module: 'query',
        as: ['query', 'blockers'],
        describe: 'What stands between the claim and a grant, one line per blocker',
      },
      {
        spelling: '--next',
        module: 'next',
        describe: 'Rank what to do now: non-PASS controls, traceability gaps, open hypotheses',
      },
    ],
  },
  {
    name: 'query',
    describe:
      'Look up one view: control, run, claim, entry, subject, evidence, authority, head, decisions, chain; handoff <part>',
    module: 'query',
    subs: [
      {
        spelling: 'handoff',
        takes: '<part>',
        module: 'handoff',
        valueTo: '--show',
        describe:
          'One part of the task handoff (readiness, blockers, bindings, notes), re-derived; exit 1 when stale',
      },
    ],
  },
  {
    name: 'verify',
    describe:
      'Prove the ledger intact: every line (--full, also append-only against the upstream) or append-only since a base ref (--base); check a candidate proposal offline (--candidate)',
    module: 'verify',
    subs: [
      {
        spelling: '--candidate',
        takes: '<kind>',
        module: 'validate',
        valueTo: '--kind',
        describe:
          'Check an execution-closure or plane-mutator proposal offline against its schema and rules',
      },
    ],
  },
  {
    name: 'seal',
    describe:
      'Seal the ledger: record every segment head and the evidence inventory; close the segments',
    module: 'seal',
  },
  {
    name: 'report',
    describe: 'Write one self-contained HTML report for human auditors',
    module: 'report',
  },
  {
    name: 'export',
    describe:
      'Export a granted claim as a signed in-toto Statement (DSSE), verify one, or export the auditor trust root (--trust-root)',
    module: 'export',
    subs: [
      {
        spelling: '--trust-root',
        module: 'trust',
        as: ['trust', 'export'],
        describe:
          'Export the auditor trust root (authorities, keys, segment heads) that --trust checks against',
      },
    ],
  },
  {
    name: 'trace',
    describe:
      'Check agent traces against a trajectory rule pack, compare a baseline and a new set of traces, or print normalized events',
    module: 'trace',
  },
  {
    name: 'efficacy',
    describe:
      'Plant seeded defects in a temporary worktree and check that each control catches them',
    module: 'efficacy',
  },
  {
    name: 'authority',
    describe:
      'Register, list or retire authorities; their signing keys (keys); approve changed control definitions (approve)',
    module: 'authority',
    subs: [
      {
        spelling: 'keys',
        module: 'keys',
        describe: 'Generate or list Ed25519 signing keys of authorities',
      },
      {
        spelling: 'approve',
        module: 'approve',
        describe:
          'Release authority: approve changed control definitions for project and release claims',
      },
    ],
  },
  {
    name: 'campaign',
    describe:
      'Register convergence campaigns, lint a candidate (lint), record ratchet baselines, import a remote CI result (import-ci)',
    module: 'campaign',
    subs: [
      {
        spelling: 'import-ci',
        module: 'ci-import',
        describe: 'Import a remote CI result (JUnit XML or JSON) bound to the commit it ran on',
      },
    ],
  },
  {
    name: 'knowledge',
    describe:
      'The knowledge plane: memory facts, negative decisions, hypotheses, the case base, the traceability graph (sync), probes (explore)',
    subs: [
      KNOWLEDGE('memory', 'Record or list memory facts (path + ledger evidence + maturity)'),
      KNOWLEDGE('decision', 'Record, list or supersede negative decisions (rejected approaches)'),
      KNOWLEDGE('hypothesis', 'Add, update or list hypotheses ranked by infoGain × risk ÷ cost'),
      KNOWLEDGE(
        'casebase',
        'Add, observe, retrieve, export, import or extract reusable test strategy cases',
      ),
      KNOWLEDGE('sync', 'Derive the traceability graph and report chains that stop short'),
      KNOWLEDGE(
        'explore',
        'Run the top-priority hypothesis probe and decide it; --until-done loops within a budget',
      ),
    ],
  },
];

/** The spellings kept for one release: each runs as before, after one line on stderr. */
export const old: readonly OldSpelling[] = [
  { spelling: ['render'], instead: 'proofgate init --render' },
  { spelling: ['approve'], instead: 'proofgate authority approve' },
  { spelling: ['keys'], instead: 'proofgate authority keys' },
  { spelling: ['trust'], instead: 'proofgate export --trust-root' },
  { spelling: ['readiness'], instead: 'proofgate status --readiness' },
  { spelling: ['next'], instead: 'proofgate status --next' },
  { spelling: ['query', 'blockers'], instead: 'proofgate status --blockers' },
  { spelling: ['query', 'trace'], instead: 'proofgate query chain' },
  { spelling: ['hook', 'install'], instead: 'proofgate install --hook <agent>' },
  { spelling: ['skill'], instead: 'proofgate install --skill' },
  { spelling: ['ci-import'], instead: 'proofgate campaign import-ci' },
  ...['memory', 'decision', 'hypothesis', 'casebase', 'sync', 'explore'].map((name) => ({
    spelling: [name],
    instead: `proofgate knowledge ${name}`,
  })),
  { spelling: ['evaluate', '--claim'], instead: 'proofgate evaluate --run, then proofgate claim' },
  {
    spelling: ['evaluate', '--audit-stage'],
    instead: 'proofgate evaluate (always the self stage; the other stages: proofgate audit)',
  },
  {
    spelling: ['status', '--base'],
    bare: true,
    instead: 'proofgate status --base <ref>, or no --base for the upstream',
  },
  {
    spelling: ['report', '--base'],
    bare: true,
    instead: 'proofgate report --base <ref>, or no --base for the upstream',
  },
];
