// Instruction rule drift (references/claim.md "Instruction sources"): an agent instruction file
// mapped in `instruction_sources` whose text (or mapped Markdown section) no longer has the digest
// it was mapped with stales the controls it is mapped to (`policies.instruction_drift: stale`, the
// default) or refuses every claim (`block`); an instruction file that appeared after init and is
// not listed counts as unmapped. Pure: the current digests come in.
import { sha256Hex } from '../../hash.ts';
import type { Manifest } from '../../plane/types.ts';
import type { ClaimBlocker } from './decide-claim.ts';
import type { ControlStatus } from '../status/compute-status.ts';

/** One listed source as found now: its current digest, or undefined when gone or unreadable. */
export interface InstructionState {
  path: string;
  mapped: string;
  now: string | undefined;
  mappedTo: string[];
  /** The `markdown_heading` selector, when one section is mapped. */
  heading?: string;
}

export interface InstructionFindings {
  /** Sources whose text is not what was mapped. */
  drifted: InstructionState[];
  /** Instruction files present in the tree that no instruction_sources entry lists. */
  discovered: string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/**
 * The section under the `occurrence`-th ATX heading whose text is `heading` (the heading line up to
 * the next heading of the same or a higher level), ignoring lines inside fenced code blocks;
 * undefined when there is no such heading.
 */
export function markdownSection(text: string, heading: string, occurrence = 1): string | undefined {
  const lines = text.split('\n');
  let fence: string | undefined;
  let seen = 0;
  let start = -1;
  let level = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const opened = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opened !== undefined && opened[0] === fence[0] && opened.length >= fence.length)
        fence = undefined;
      continue;
    }
    if (opened !== undefined) {
      fence = opened;
      continue;
    }
    const match = HEADING.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length;
    if (start >= 0 && depth <= level) return lines.slice(start, i).join('\n');
    if (start < 0 && (match[2] ?? '').trim() === heading.trim() && ++seen === occurrence) {
      start = i;
      level = depth;
    }
  }
  return start < 0 ? undefined : lines.slice(start).join('\n');
}

/** The digest a source is mapped by: the whole text, or its selected section. */
export function digestSource(
  text: string,
  selector: { markdown_heading: string; occurrence?: number } | undefined,
): string | undefined {
  if (selector === undefined) return sha256Hex(text);
  const section = markdownSection(text, selector.markdown_heading, selector.occurrence ?? 1);
  return section === undefined ? undefined : sha256Hex(section);
}

const REMAP =
  'review the change, then record the new sha256 in its instruction_sources entry in controls/manifest.yaml (a human owner re-maps it)';

function describeDrift(s: InstructionState): string {
  const what = s.heading === undefined ? s.path : `${s.path} section "${s.heading}"`;
  return s.now === undefined
    ? `instruction source ${what} is gone since it was mapped (${s.mapped.slice(0, 12)})`
    : `instruction source ${what} changed since it was mapped (${s.mapped.slice(0, 12)} → ${s.now.slice(0, 12)})`;
}

/** Under `stale` (default): each control a drifted source maps to, with why. */
export function staleByInstructions(
  manifest: Manifest,
  findings: InstructionFindings | undefined,
): Map<string, string> {
  const stale = new Map<string, string>();
  if (findings === undefined || manifest.policies.instruction_drift === 'block') return stale;
  for (const s of findings.drifted)
    for (const id of s.mappedTo) if (!stale.has(id)) stale.set(id, describeDrift(s));
  return stale;
}

export function withInstructionStale(
  statuses: readonly ControlStatus[],
  stale: ReadonlyMap<string, string>,
): ControlStatus[] {
  return statuses.map((status) => {
    const why = stale.get(status.control);
    if (why === undefined || status.status === 'NOT_APPLICABLE') return status;
    const self = { ...status.stages.self, status: 'STALE' as const, reason: why, next: REMAP };
    return { ...status, status: 'STALE', reason: why, stages: { ...status.stages, self } };
  });
}

/** Claim blockers and warnings: drift under `block`, unmapped drift, files found after init. */
export function instructionDriftVerdict(
  manifest: Manifest,
  findings: InstructionFindings | undefined,
): { blockers: ClaimBlocker[]; warnings: string[] } {
  if (findings === undefined) return { blockers: [], warnings: [] };
  const block = manifest.policies.instruction_drift === 'block';
  const blockers: ClaimBlocker[] = [];
  const warnings: string[] = [];
  for (const s of findings.drifted) {
    if (block)
      blockers.push({
        control: `instructions:${s.path}`,
        stage: 'self',
        status: 'STALE',
        reason: `${describeDrift(s)} (instruction_drift: block)`,
        next: REMAP,
      });
    else if (s.mappedTo.length === 0) warnings.push(`${describeDrift(s)}; ${REMAP}`);
  }
  const add =
    'list it: add {path, sha256} to instruction_sources in controls/manifest.yaml and map it to a control';
  for (const path of findings.discovered) {
    const what = `agent instruction file ${path} appeared after init and is not in instruction_sources`;
    if (manifest.policies.unmapped_instructions === 'block')
      blockers.push({
        control: `instructions:${path}`,
        stage: 'self',
        status: 'TODO',
        reason: `${what} (unmapped_instructions: block)`,
        next: add,
      });
    else warnings.push(`${what}; ${add}`);
  }
  return { blockers, warnings };
}
