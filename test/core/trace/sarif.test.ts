// SARIF output validated against the official SARIF 2.1.0 schema (test/helpers/sarif-schema.ts),
// with what GitHub code scanning needs to place a finding: a region from the event's source line,
// stable partial fingerprints, rule descriptions and help, and automationDetails.id.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTraceFiles } from '../../../scripts/lib/flows/trace/trace-check-flow.ts';
import { renderTraceSarif } from '../../../scripts/lib/render/trace/sarif.ts';
import { hasSarifSchema, validateSarif } from '../../helpers/sarif-schema.ts';
import { PACKS, REPO, packAt, tempFile } from '../../helpers/trace.ts';
import { TRACE_PART } from '../../../scripts/lib/cli/world/trace-part.ts';

interface SarifResult {
  ruleId: string;
  level: string;
  locations: {
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
  }[];
  partialFingerprints: Record<string, string>;
}
interface Sarif {
  runs: {
    automationDetails: { id: string };
    tool: {
      driver: {
        rules: { id: string; fullDescription: { text: string }; help: { text: string } }[];
      };
    };
    results: SarifResult[];
  }[];
}

async function sarifFor(files: string[]): Promise<Sarif> {
  const pack = packAt('refund');
  const check = await checkTraceFiles(
    pack,
    'refund.yaml',
    files.map((f) => ({ path: f, shownAs: f.startsWith(REPO) ? f.slice(REPO.length + 1) : f })),
    'auto',
    'block',
    TRACE_PART.trace,
  );
  const text = renderTraceSarif(check, '0.1.0', pack, {
    root: REPO,
    pathOf: (f) => (isAbsolute(f) ? f : join(REPO, f)),
  });
  const sarif = JSON.parse(text) as Sarif;
  if (!validateSarif(sarif)) throw new Error(JSON.stringify(validateSarif.errors?.slice(0, 5)));
  return sarif;
}

describe.runIf(hasSarifSchema)('SARIF for code scanning', () => {
  const bad = join(PACKS, 'examples', 'refund', 'bad.events.jsonl');

  test('valid against the official 2.1.0 schema, findings placed at their line', async () => {
    const sarif = await sarifFor([bad]);
    const run = sarif.runs[0]!;
    expect(run.automationDetails.id).toBe('proofgate-trace/refund/');
    const verify = run.results.find((r) => r.ruleId === 'VERIFY_BEFORE_REFUND')!;
    const loc = verify.locations[0]!.physicalLocation;
    expect(loc.artifactLocation.uri).toBe(
      'controls/catalog/traces/examples/refund/bad.events.jsonl',
    );
    const lines = readFileSync(bad, 'utf8').split('\n');
    expect(lines[loc.region.startLine - 1]).toMatch(/refund\.create/);
    const rule = run.tool.driver.rules.find((r) => r.id === 'VERIFY_BEFORE_REFUND')!;
    expect(rule.fullDescription.text).not.toBe('VERIFY_BEFORE_REFUND');
    expect(rule.help.text).toMatch(/Rule type before/);
  });

  test('fingerprints are stable across runs and differ between findings', async () => {
    const a = await sarifFor([bad]);
    const b = await sarifFor([bad]);
    const prints = (s: Sarif) =>
      s.runs[0]!.results.map((r) => r.partialFingerprints['proofgateTrace/v2']);
    expect(prints(a)).toEqual(prints(b));
    expect(new Set(prints(a)).size).toBe(prints(a).length);
  });

  test('an unreadable or UNKNOWN trace is a result with its own rule, still schema-valid', async () => {
    const broken = tempFile(
      'broken.jsonl',
      '{"type":"tool.call","seq":2,"callId":"c","name":"x","args":{}}\n',
    );
    const sarif = await sarifFor([broken, tempFile('nothing.txt', 'hello\n')]);
    const ids = sarif.runs[0]!.results.map((r) => r.ruleId);
    expect(ids).toEqual(['TRACE_UNKNOWN', 'TRACE_UNREADABLE']);
  });
});
