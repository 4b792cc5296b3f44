// SARIF 2.1.0 for code-scanning UIs (GitHub code scanning and others): one result per finding,
// placed at the line of the trace that holds the offending event, with a fingerprint that keeps
// a finding's identity across runs, working directories, spellings of the path and pack version
// bumps (so code scanning does not close and reopen alerts); unknown outcomes are notes.
import { createHash } from 'node:crypto';
import type { TraceCheckResult } from '../../flows/trace/trace-check-flow.ts';
import type { Pack } from '../../core/trace/pack.ts';
import { ruleTypes } from '../../core/trace/rules/index.ts';
import { artifactLocation, rootUri, SRCROOT } from '../../core/trace/sarif-uri.ts';
import type { ArtifactLocation } from '../../core/trace/sarif-uri.ts';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const HELP = 'references/trajectory-rules.md';

/** The references page as shipped in the published package of this version. */
const helpPage = (version: string): string =>
  `https://unpkg.com/proofgate@${encodeURIComponent(version)}/${HELP}`;

/** Where the traces are: each trace as named → its absolute path, and the repository root. */
export interface SarifPlaces {
  root: string;
  pathOf(shownAs: string): string;
}

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri: string;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
  properties: { tags: string[] };
}

/** Trace errors (unreadable, unknown) as rules of their own, so every result has a rule. */
const ERROR_RULES: Record<string, string> = {
  TRACE_UNKNOWN:
    'the trace cannot be judged: a malformed record, a repeated or missing seq, or a format version the adapter does not know',
  TRACE_EMPTY: 'the adapter recognized no events in the trace',
};

function ruleFor(
  id: string,
  level: string,
  summary: string,
  description: string,
  how: string,
  helpUri: string,
): SarifRule {
  return {
    id,
    name: id,
    shortDescription: { text: summary },
    fullDescription: { text: description },
    helpUri,
    help: {
      text: `${description}. ${how} See ${HELP} in the proofgate package.`,
      markdown: `**${id}**: ${description}.\n\n${how}\n\nSee \`${HELP}\` in the proofgate package.`,
    },
    defaultConfiguration: { level },
    properties: { tags: ['agent-trace', 'proofgate'] },
  };
}

/** Stable across runs: the same rule on the same trace event gives the same fingerprint. */
function fingerprint(...parts: (string | number | undefined)[]): string {
  return createHash('sha256')
    .update(parts.map((p) => String(p ?? '')).join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

function location(artifact: ArtifactLocation, line: number | undefined): unknown[] {
  return [{ physicalLocation: { artifactLocation: artifact, region: { startLine: line ?? 1 } } }];
}

/** The pack's name without its version: alerts survive a version bump. */
const packName = (pack: string): string => pack.replace(/@[^@]*$/, '');

/**
 * `pack` adds each rule's message, description and type to the rule metadata; `places` puts
 * each trace relative to the repository root.
 */
export function renderTraceSarif(
  result: TraceCheckResult,
  version: string,
  pack: Pack | undefined,
  places: SarifPlaces,
): string {
  const rules = new Map<string, SarifRule>();
  const results: unknown[] = [];
  const specs = new Map((pack?.rules ?? []).map((r) => [r.id, r]));
  const page = helpPage(version);
  for (const trace of result.traces) {
    const artifact = artifactLocation(places.pathOf(trace.file), places.root);
    /** The trace's identity in fingerprints: its repository-relative path (or file URI). */
    const where = artifact.uri;
    if (trace.error !== undefined) {
      const id = trace.error.code in ERROR_RULES ? trace.error.code : 'TRACE_UNREADABLE';
      const text = ERROR_RULES[id] ?? 'the trace could not be read or its format detected';
      rules.set(
        id,
        ruleFor(
          id,
          'error',
          text,
          text,
          trace.error.next ?? 'Fix the trace file.',
          `${page}#normalized-events`,
        ),
      );
      results.push({
        ruleId: id,
        level: 'error',
        message: { text: trace.error.message },
        locations: location(artifact, undefined),
        partialFingerprints: { 'proofgateTrace/v2': fingerprint(id, where) },
      });
    }
    for (const rule of trace.verdict?.rules ?? []) {
      const level = rule.level === 'block' ? 'error' : 'warning';
      const spec = specs.get(rule.id);
      const message = spec?.message ?? rule.findings[0]?.message.split(':')[0] ?? rule.id;
      const typeText = ruleTypes.find((t) => t.type === rule.type)?.describe ?? rule.type;
      const description = typeof spec?.['description'] === 'string' ? spec['description'] : message;
      rules.set(
        rule.id,
        ruleFor(
          rule.id,
          level,
          message,
          description,
          `Rule type ${rule.type}: ${typeText}. Pack ${result.pack}, level ${rule.level}.`,
          `${page}#primitives`,
        ),
      );
      for (const f of rule.findings) {
        results.push({
          ruleId: f.rule,
          level: f.outcome === 'unknown' ? 'note' : level,
          message: { text: f.message },
          locations: location(artifact, f.line),
          partialFingerprints: {
            'proofgateTrace/v2': fingerprint(f.rule, where, f.at.join(',')),
          },
          properties: {
            outcome: f.outcome,
            at: f.at,
            evidence: f.evidence,
            rawSha256: trace.verdict?.header.rawSha256,
          },
        });
      }
    }
  }
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'proofgate-trace',
            version,
            informationUri: page,
            rules: [...rules.values()],
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: rootUri(places.root) } },
        automationDetails: { id: `proofgate-trace/${packName(result.pack)}/` },
        results,
        properties: { pack: result.pack },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
