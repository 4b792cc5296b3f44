// campaign lint (references/campaign.md): the read-only preflight of a candidate campaign file or
// of the registered campaigns. It runs the checks `campaign register` runs (structure, known
// controls, a higher revision, a baseline for every ratchet control) plus drift and the optional
// phase or task the next claim will name, and reports every finding at once. Pure: the flow
// gathers the plane and the ledger, and nothing is ever written.
import type { Control } from '../plane/types.ts';
import {
  checkCampaignSpec,
  findCampaignDrift,
  findTask,
  type CampaignRecord,
  type CampaignSpec,
} from './campaign-spec.ts';
import { nextCommand } from '../next/next-table.ts';

export const CAMPAIGN_LINT_CODES = [
  'CAMPAIGN_SPEC_INVALID',
  'REVISION_NOT_HIGHER',
  'BASELINE_MISSING',
  'CAMPAIGN_DRIFTED',
  'ACTIVE_CAMPAIGN_MISSING',
  'PHASE_NOT_FOUND',
  'TASK_NOT_FOUND',
] as const;
export type CampaignLintCode = (typeof CAMPAIGN_LINT_CODES)[number];

export interface CampaignLintFinding {
  code: CampaignLintCode;
  campaign: string;
  message: string;
}

export interface CampaignLintInput {
  /** A candidate (parsed YAML) and where it came from; absent: the registered campaigns. */
  candidate?: { value: unknown; file: string };
  registered: ReadonlyMap<string, CampaignRecord>;
  /** Lint only this registered campaign. */
  only?: string;
  controls: readonly Control[];
  registryDigest: string;
  /** Ratchet controls with a recorded baseline. */
  baselined: ReadonlySet<string>;
  phase?: string;
  task?: string;
}

export interface CampaignLintResult {
  ok: boolean;
  source: string;
  campaigns: { id: string; revision: number; phases: number; tasks: number }[];
  findings: CampaignLintFinding[];
  /** Always false: lint writes nothing and runs nothing. */
  writes_performed: false;
}

export function lintCampaigns(input: CampaignLintInput): CampaignLintResult {
  const findings: CampaignLintFinding[] = [];
  const specs: CampaignSpec[] = [];
  if (input.candidate !== undefined) {
    const known = new Set(input.controls.map((c) => c.id));
    const { spec, problems } = checkCampaignSpec(input.candidate.value, known);
    const id = spec.id || '(no id)';
    for (const p of problems)
      findings.push({
        code: 'CAMPAIGN_SPEC_INVALID',
        campaign: id,
        message: `${input.candidate.file}:${p}`,
      });
    if (problems.length === 0) {
      specs.push(spec);
      findings.push(...lintCandidate(spec, input));
    }
  } else {
    const records = [...input.registered.values()].filter(
      (c) => input.only === undefined || c.spec.id === input.only,
    );
    specs.push(...records.map((c) => c.spec));
    if (specs.length === 0)
      findings.push({
        code: 'ACTIVE_CAMPAIGN_MISSING',
        campaign: input.only ?? '(none)',
        message:
          `no campaign ${input.only ?? ''} is registered; lint a candidate file: ${nextCommand('campaignLint')}`.replace(
            '  ',
            ' ',
          ),
      });
    for (const record of records) {
      const drift = findCampaignDrift(record, input.controls, input.registryDigest);
      for (const why of drift)
        findings.push({
          code: 'CAMPAIGN_DRIFTED',
          campaign: record.spec.id,
          message: `${why}: register revision ${record.spec.revision + 1} before claiming`,
        });
    }
  }
  for (const spec of specs) findings.push(...lintSelection(spec, input));
  return {
    ok: findings.length === 0,
    source: input.candidate?.file ?? 'the registered campaigns',
    campaigns: specs.map((s) => ({
      id: s.id,
      revision: s.revision,
      phases: s.phases.length,
      tasks: s.phases.reduce((n, p) => n + p.tasks.length, 0),
    })),
    findings,
    writes_performed: false,
  };
}

/** What `campaign register` would refuse beyond the structure: revision and baselines. */
function lintCandidate(spec: CampaignSpec, input: CampaignLintInput): CampaignLintFinding[] {
  const findings: CampaignLintFinding[] = [];
  const previous = input.registered.get(spec.id);
  if (previous !== undefined && spec.revision <= previous.spec.revision)
    findings.push({
      code: 'REVISION_NOT_HIGHER',
      campaign: spec.id,
      message: `revision ${spec.revision} is not above the registered ${previous.spec.revision}`,
    });
  for (const c of input.controls) {
    const isRatchet = c.execution.type === 'command' && c.execution.evaluation === 'ratchet';
    if (isRatchet && spec.controls.includes(c.id) && !input.baselined.has(c.id))
      findings.push({
        code: 'BASELINE_MISSING',
        campaign: spec.id,
        message: `no baseline is recorded for ratchet control ${c.id}: ${nextCommand('campaignBaseline', { control: c.id })}`,
      });
  }
  return findings;
}

/** The phase or task the next claim names must exist in the campaign (the one that has it). */
function lintSelection(spec: CampaignSpec, input: CampaignLintInput): CampaignLintFinding[] {
  const findings: CampaignLintFinding[] = [];
  if (input.phase !== undefined && !spec.phases.some((p) => p.id === input.phase))
    findings.push({
      code: 'PHASE_NOT_FOUND',
      campaign: spec.id,
      message: `no phase ${input.phase} (phases: ${spec.phases.map((p) => p.id).join(', ')})`,
    });
  if (input.task !== undefined) {
    const found = findTask(spec, input.task);
    if (found === undefined)
      findings.push({
        code: 'TASK_NOT_FOUND',
        campaign: spec.id,
        message: `no task ${input.task}`,
      });
    else if (input.phase !== undefined && found.phase.id !== input.phase)
      findings.push({
        code: 'TASK_NOT_FOUND',
        campaign: spec.id,
        message: `task ${input.task} is in phase ${found.phase.id}, not ${input.phase}`,
      });
  }
  return findings;
}
