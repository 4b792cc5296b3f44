// Turns a ratchet control's executed command into its result: proofgate parses the violation
// fingerprints itself, stores the set as an evidence object and compares it with the latest
// baseline. FAIL while any violation remains; unreadable output is FAIL with the reason.
import {
  diffFingerprints,
  encodeFingerprints,
  parseFingerprints,
} from '../../core/brownfield/parse-fingerprints.ts';
import { latestBaselines, type RatchetDetails } from '../../core/gate/entries/ratchet-details.ts';
import type { Control } from '../../core/plane/types.ts';
import { readFingerprints } from './read-fingerprints.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';

export async function judgeRatchet(
  control: Control,
  outcome: ExecuteOutcome,
  settings: ExecuteSettings,
): Promise<ExecuteOutcome> {
  const { details } = outcome;
  if (outcome.status === 'BLOCKED' || details.review === undefined) return outcome;
  const { plane, io } = settings;
  const review = await settings.objects.get(details.review);
  const parsed = parseFingerprints({
    text: review === undefined ? '' : new TextDecoder().decode(review),
    truncated: details.truncated || review === undefined,
    exitCode: details.exit_code ?? null,
    timedOut: details.timed_out,
  });
  if (!parsed.ok) {
    return {
      ...outcome,
      status: 'FAIL',
      details: { ...details, ratchet: { problem: parsed.reason } },
    };
  }
  const digest = await settings.objects.put(encodeFingerprints(parsed.fingerprints));
  const ratchet: RatchetDetails = { fingerprints: digest, count: parsed.fingerprints.length };
  const baseline = latestBaselines(await io.readEntries(plane)).get(control.id);
  if (baseline !== undefined) {
    const before = await readFingerprints(
      plane,
      io,
      baseline.fingerprints_object,
      `baseline ${baseline.hash.slice(0, 12)}`,
    );
    const delta = diffFingerprints(parsed.fingerprints, before);
    Object.assign(ratchet, {
      baseline: baseline.hash,
      baseline_count: delta.baseline,
      new: delta.new.length,
      fixed: delta.fixed.length,
    });
  }
  return {
    status: parsed.fingerprints.length === 0 ? 'PASS' : 'FAIL',
    details: { ...details, ratchet },
    objects: [...outcome.objects, digest],
  };
}
