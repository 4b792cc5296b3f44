// One probe of the exploring loop, run and recorded like a control result: the probe runs through
// the control runner (a command probe as a one-off command control, a control probe as the control
// itself, with the environment policy, redaction, output cap and the authorizations `--allow`
// gives), its review copy is stored as an evidence object, and one ledger entry (kind `note`, body
// type `probe`) bound to the code and naming the hypothesis records what was observed.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import type { ResultStatus, RunDetails } from '../../core/gate/entries/bodies.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import type { HypothesisView } from '../../core/knowledge/decide-hypotheses.ts';
import { combineVerdicts, judgeProbe } from '../../core/knowledge/explore-step.ts';
import type { Probe, ProbeRun } from '../../core/knowledge/types.ts';
import { toJsonObject } from '../../core/ledger/to-json.ts';
import type { Actor, SubjectBinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { AuthorizationKind, Control } from '../../core/plane/types.ts';
import type { KnowledgeIO } from '../../core/ports.ts';
import { executeControl } from '../run/execute-control.ts';
import type { ExecuteSettings } from '../run/execute-outcome.ts';

/** What the loop reaches the world through: the board, the gate (runner, ledger, objects). */
export interface ExploreWorld {
  knowledge: KnowledgeIO;
  gate: World;
  plane: Plane;
  actor: Actor;
  /** The subject binding of entries not about one control (command probes). */
  subject(): Promise<SubjectBinding>;
}

export interface ProbeSettings {
  timeoutMs: number;
  repeats: number;
  allow: readonly AuthorizationKind[];
  /** The authority that granted `allow`, recorded in the probe entry. */
  grantedBy?: string;
}

/** The body of a probe entry; `hypothesis` is what makes it evidence for that hypothesis. */
export interface ProbeEntryBody {
  type: 'probe';
  hypothesis: string;
  verdict: ProbeRun['verdict'];
  agreement: { agree: number; runs: number };
  control?: string;
  status?: ResultStatus;
  run: RunDetails;
  /** The kinds `--allow` granted and who granted them. */
  granted?: { kinds: AuthorizationKind[]; by: string };
}

export type ProbeAttempt =
  { ok: true; run: ProbeRun; durationMs: number } | { ok: false; detail: string };

/** The registry control a control probe names, or undefined when it names none. */
export function probeControl(plane: Plane, probe: Probe): Control | undefined {
  if (probe.control === undefined) return undefined;
  return plane.registry.controls.find((c) => c.id === probe.control);
}

/** A command probe as a one-off command control, so it runs exactly as controls do. */
function commandControl(id: string, probe: Probe, timeoutMs: number, owner: string): Control {
  return {
    id: `probe:${id}`,
    title: `probe of ${id}`,
    owner,
    requirements: [],
    risks: [],
    applies: { value: true },
    required_from_maturity: 'prototype',
    execution: {
      type: 'command',
      argv: [...probe.argv],
      timeout_seconds: Math.max(1, Math.ceil(timeoutMs / 1000)),
    },
    evidence_required: [],
  };
}

interface Observation {
  status: ResultStatus;
  details: RunDetails;
  objects: string[];
  output: string;
}

async function observe(
  target: Control,
  world: ExploreWorld,
  settings: ExecuteSettings,
): Promise<Observation | { failed: string }> {
  const outcome = await executeControl(target, settings);
  const { details } = outcome;
  if (outcome.status === 'BLOCKED') return { failed: details.blocker?.detail ?? 'blocked' };
  const isCommand = target.execution.type === 'command' || target.execution.type === 'remote';
  if (isCommand && (details.timed_out || details.exit_code === undefined)) {
    return {
      failed: `no exit code (${details.timed_out ? 'timed out' : (details.detail ?? 'no exit')})`,
    };
  }
  const bytes =
    details.review === undefined
      ? undefined
      : await world.gate.objects(world.plane).get(details.review);
  const output = bytes === undefined ? (details.detail ?? '') : new TextDecoder().decode(bytes);
  return { status: outcome.status, details, objects: outcome.objects, output };
}

/** Runs the probe `repeats` times on the same binding, records one entry, returns the run. */
export async function runProbeStep(
  hypothesis: HypothesisView & { probe: Probe },
  world: ExploreWorld,
  ctx: Context,
  settings: ProbeSettings,
  commit: string | undefined,
): Promise<ProbeAttempt> {
  const { probe } = hypothesis;
  const control = probeControl(world.plane, probe);
  if (probe.control !== undefined && control === undefined) {
    return { ok: false, detail: `control ${probe.control} is not in the registry` };
  }
  // Bound before it runs, so the entry names the code the probe judged.
  const subject =
    control === undefined
      ? await world.subject()
      : (await world.gate.computeSubjects(world.plane, [control])).get(control.id);
  if (subject === undefined) return { ok: false, detail: 'no subject binding' };
  const target =
    control ?? commandControl(hypothesis.id, probe, settings.timeoutMs, world.actor.authority);
  const execute: ExecuteSettings = {
    plane: world.plane,
    io: world.gate,
    env: ctx.env,
    actor: world.actor,
    authorize: settings.allow,
    rules: redactionRulesFor(world.plane, ctx.env),
    objects: world.gate.objects(world.plane),
  };
  const seen: Observation[] = [];
  for (let i = 0; i < settings.repeats; i++) {
    const observed = await observe(target, world, execute);
    if ('failed' in observed) return { ok: false, detail: observed.failed };
    seen.push(observed);
  }
  const verdicts = seen.map((o) =>
    judgeProbe(probe, {
      exitCode: o.details.exit_code ?? null,
      output: o.output,
      ...(o.status === 'BLOCKED' ? {} : { status: o.status }),
    }),
  );
  const { verdict, agreement } = combineVerdicts(verdicts);
  const last = seen[seen.length - 1]!;
  const body: ProbeEntryBody = {
    type: 'probe',
    hypothesis: hypothesis.id,
    verdict,
    agreement,
    ...(control !== undefined ? { control: control.id, status: last.status } : {}),
    run: last.details,
    ...(settings.grantedBy !== undefined && settings.allow.length > 0
      ? { granted: { kinds: [...settings.allow], by: settings.grantedBy } }
      : {}),
  };
  const objects = [...new Set(seen.flatMap((o) => o.objects))];
  const stored = await world.gate.append(world.plane, {
    kind: 'note',
    time: ctx.clock.now().toISOString(),
    actor: world.actor,
    subject,
    body: toJsonObject(body),
    ...(objects.length > 0 ? { objects } : {}),
  });
  const run: ProbeRun = {
    argv: last.details.argv ?? [],
    exitCode: last.details.exit_code ?? null,
    outputSha256: last.details.raw_sha256 ?? stored.hash,
    ...(commit !== undefined ? { commit } : {}),
    verdict,
    agreement,
    ...(control !== undefined ? { control: control.id } : {}),
    entry: stored.hash,
  };
  return {
    ok: true,
    run,
    durationMs: seen.reduce((sum, o) => sum + o.details.duration_ms, 0),
  };
}
