// `campaign start`: what starting a task inside a campaign registers. A new campaign is made from
// defaults and flags; a new task is added to a new revision; an existing task is resumed as it is,
// or re-registered with its controls grown (never narrowed) when more are named or the campaign
// drifted. The task file only names the task; the claim still covers what the change touches.
import { UsageError } from '../errors.ts';
import type { CampaignRecord, CampaignSpec, CampaignTask, ExitPolicy } from './campaign-spec.ts';
import { findTask } from './campaign-spec.ts';
import { nextCommand } from '../next/next-table.ts';

/** The campaign `campaign start` uses when none is named and none is registered. */
export const DEFAULT_CAMPAIGN = 'tasks';
const FIRST_PHASE = { id: 'phase-1', title: 'tasks' };
const NO_NEW_VIOLATIONS: ExitPolicy = { max_new_violations: 0, min_fixed: 0 };

export interface StartTaskRequest {
  campaign: string;
  task: string;
  /** Controls named on the command line (may be empty). */
  controls: readonly string[];
  description?: string | undefined;
  /** Exit-policy fields given on the command line. */
  policy: Partial<ExitPolicy>;
  /** The registered campaign at its highest revision, if any. */
  existing: CampaignRecord | undefined;
  /** Whether the registered campaign drifted from the registry (it then needs a new revision). */
  drifted: boolean;
  /** What a new campaign covers when no control is named: the controls required at the target. */
  defaults: readonly string[];
}

export interface StartTaskPlan {
  /** The next revision to register; undefined when the registered campaign already holds the task. */
  register?: CampaignSpec;
  /** The task as it will stand. */
  task: CampaignTask;
}

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

export function planCampaignTask(request: StartTaskRequest): StartTaskPlan {
  const { existing, policy } = request;
  const hasPolicy = Object.keys(policy).length > 0;
  if (existing === undefined) {
    const controls = request.controls.length > 0 ? [...request.controls] : [...request.defaults];
    if (controls.length === 0) {
      throw new UsageError('MISSING_ARG', 'no control to start the task with', {
        expected: '--control <id> for each control the task works on',
        next: `${nextCommand('status')} lists the controls; name them with --control`,
      });
    }
    const task: CampaignTask = {
      id: request.task,
      title: request.description ?? request.task,
      controls,
      ...(hasPolicy ? { exit_policy: { ...NO_NEW_VIOLATIONS, ...policy } } : {}),
    };
    const spec: CampaignSpec = {
      id: request.campaign,
      revision: 1,
      title: `campaign ${request.campaign}`,
      controls,
      exit_policy: NO_NEW_VIOLATIONS,
      phases: [{ ...FIRST_PHASE, tasks: [task] }],
    };
    return { register: spec, task };
  }
  const { spec } = existing;
  const found = findTask(spec, request.task);
  const before = found?.task;
  const controls =
    before === undefined
      ? request.controls.length > 0
        ? [...request.controls]
        : [...spec.controls]
      : union(before.controls, request.controls);
  const task: CampaignTask = {
    id: request.task,
    title: request.description ?? before?.title ?? request.task,
    controls,
  };
  const ownPolicy = before?.exit_policy;
  if (hasPolicy || ownPolicy !== undefined)
    task.exit_policy = { ...(ownPolicy ?? spec.exit_policy), ...policy };
  const unchanged =
    before !== undefined &&
    controls.length === before.controls.length &&
    task.title === before.title &&
    !hasPolicy;
  if (unchanged && !request.drifted) return { task: before };
  const phases = spec.phases.map((phase) => ({
    ...phase,
    tasks: phase.tasks.map((t) => (t.id === task.id ? task : t)),
  }));
  if (before === undefined) {
    const last = phases.at(-1);
    if (last === undefined) phases.push({ ...FIRST_PHASE, tasks: [task] });
    else last.tasks = [...last.tasks, task];
  }
  return {
    register: {
      ...spec,
      revision: spec.revision + 1,
      controls: union(spec.controls, controls),
      phases,
    },
    task,
  };
}
