// The one table of next commands core prints by hand: each entry is the words after `proofgate`,
// a `<hole>` a value the caller fills (or leaves for the reader to fill). A test parses every entry
// with the verb's own argument parser (test/commands/next-table.test.ts), so a command here names
// verbs, sub-actions and flags that exist. The builders with logic of their own (the rerun, audit
// and attest lines) are in next-command.ts.
import { quoteArg } from './next-command.ts';

export const NEXT_COMMANDS = {
  scan: 'scan',
  status: 'status',
  initTemplate: 'init --template',
  initRender: 'init --render',
  initProfile: 'init --profile <file>',
  adopt: 'adopt',
  adoptList: 'adopt --list',
  adoptNotApplicable: 'adopt --not-applicable <control> --rationale <why>',
  adoptNotApplicableBy: 'adopt --not-applicable <control> --rationale <why> --authority-id <owner>',
  adoptFills: 'adopt --fills <slot> -- <program> <args...>',
  adoptUncounted: 'adopt --uncounted <control>',
  evaluateRun: 'evaluate --run',
  evaluateControl: 'evaluate --run --control <control>',
  evaluateShard: 'evaluate --run --shard <shard>',
  claimControl: 'claim --control <control>',
  queryHead: 'query head',
  queryRun: 'query run',
  queryRunLatest: 'query run latest',
  queryEntry: 'query entry <hash>',
  queryEvidence: 'query evidence <digest>',
  queryEvidenceTail: 'query evidence <digest> --tail 50',
  verifyFull: 'verify --full',
  verifyTrust: 'verify --full --trust <trust file>',
  verifyRepairTorn: 'verify --repair-torn',
  authorityAdd: 'authority add <id>',
  keysGenerate: 'authority keys generate --authority-id <id>',
  exportTrustRoot: 'export --trust-root --out <file outside the repository>',
  campaignLint: 'campaign lint <file>',
  campaignBaseline: 'campaign baseline --control <control>',
  campaignStart: 'campaign start --task <task id>',
  campaignStartIn: 'campaign start --campaign <campaign> --task <task id>',
  campaignImportCi:
    'campaign import-ci --workflow <workflow> --commit <commit> --junit <results.xml>',
  knowledgeSync: 'knowledge sync',
  memoryAdd:
    'knowledge memory add "<statement>" --path <file> --evidence <ledger entry sha256> --maturity <label>',
  decisionAdd:
    'knowledge decision add "<approach>" --reason <why> --condition <when> --path <file or dir>',
  decisionList: 'knowledge decision list --all',
  decisionSupersede: 'knowledge decision supersede --id <ND-old> --by <ND-new>',
  hypothesisList: 'knowledge hypothesis list',
  hypothesisAdd:
    'knowledge hypothesis add "<claim>" --attr functional --risk 0.7 --info-gain 0.9 --cost 1 --oracle "<expected vs observed>" --provenance recon',
  hypothesisConfirm:
    'knowledge hypothesis update --id <id> --status confirmed --evidence <ledger entry sha256>',
  casebaseAdd:
    'knowledge casebase add --kind web-api --architecture service --attr functional --applicability "<when>" --strategy "<what>" --outcome "<result>" --negative "<tried> :: <why>" --project <p> --environment <e> --confirmation user',
  casebaseObserve:
    'knowledge casebase observe --id <id> --result counterexample --project <p> --environment <e> --confirmation auto',
  casebaseRetrieve: 'knowledge casebase retrieve',
  casebaseExport: 'knowledge casebase export --out <file>',
  efficacyMutateAll: 'efficacy --control <control> --mutate all',
  efficacyPatch: 'efficacy --control <control> --patch defect.patch',
  efficacyFromReport: 'efficacy --control <control> --from-report <report>',
} as const;

export type NextName = keyof typeof NEXT_COMMANDS;

/** The `<hole>` names of a command template. */
type Holes<S extends string> = S extends `${string}<${infer H}>${infer R}` ? H | Holes<R> : never;

/** Values for some or all holes of the command `name`; an undefined value leaves its hole. */
export type NextValues<N extends NextName> = Partial<
  Record<Holes<(typeof NEXT_COMMANDS)[N]>, string | undefined>
>;

/**
 * The command `name` as a reader pastes it: `proofgate` and the entry, each given hole replaced by
 * its value quoted for a POSIX shell; a hole without a value stays as written, for the reader.
 */
export function nextCommand<N extends NextName>(name: N, values: NextValues<N> = {}): string {
  const given = values as Readonly<Record<string, string | undefined>>;
  const filled = NEXT_COMMANDS[name].replace(/<([^>]+)>/g, (hole, key: string) => {
    const value = given[key];
    return value === undefined ? hole : quoteArg(value);
  });
  return `proofgate ${filled}`;
}
