import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../scripts/lib/core/errors.ts';
import type { CampaignRecord } from '../../../scripts/lib/core/brownfield/campaign-spec.ts';
import {
  DEFAULT_CAMPAIGN,
  planCampaignTask,
  type StartTaskRequest,
} from '../../../scripts/lib/core/brownfield/plan-campaign-task.ts';

const existing: CampaignRecord = {
  spec: {
    id: 'c1',
    revision: 3,
    title: 'one',
    controls: ['unit', 'lint'],
    exit_policy: { max_new_violations: 0, min_fixed: 1 },
    phases: [{ id: 'p1', title: 'first', tasks: [{ id: 't1', title: 'fix', controls: ['unit'] }] }],
  },
  registry: 'a'.repeat(64),
  baselines: {},
  hash: 'b'.repeat(64),
  time: '2026-01-01T00:00:00.000Z',
  authority: 'human:alice',
};

const request = (over: Partial<StartTaskRequest> = {}): StartTaskRequest => ({
  campaign: 'c1',
  task: 't1',
  controls: [],
  policy: {},
  existing,
  drifted: false,
  defaults: ['unit', 'lint', 'docs'],
  ...over,
});

describe('planCampaignTask', () => {
  test('no campaign: revision 1 over the named controls, else the required ones, no new violations', () => {
    const named = planCampaignTask(
      request({ campaign: DEFAULT_CAMPAIGN, existing: undefined, controls: ['docs'] }),
    );
    expect(named.register).toEqual({
      id: 'tasks',
      revision: 1,
      title: 'campaign tasks',
      controls: ['docs'],
      exit_policy: { max_new_violations: 0, min_fixed: 0 },
      phases: [
        { id: 'phase-1', title: 'tasks', tasks: [{ id: 't1', title: 't1', controls: ['docs'] }] },
      ],
    });
    const defaults = planCampaignTask(request({ existing: undefined }));
    expect(defaults.register?.controls).toEqual(['unit', 'lint', 'docs']);
    expect(() => planCampaignTask(request({ existing: undefined, defaults: [] }))).toThrow(
      UsageError,
    );
  });

  test('a registered, unchanged task is resumed without a revision; a drifted campaign gets one', () => {
    expect(planCampaignTask(request())).toEqual({
      task: { id: 't1', title: 'fix', controls: ['unit'] },
    });
    expect(planCampaignTask(request({ controls: ['unit'] })).register).toBeUndefined();
    expect(planCampaignTask(request({ drifted: true })).register?.revision).toBe(4);
  });

  test('naming controls only grows a task, and the campaign with it', () => {
    const plan = planCampaignTask(request({ controls: ['docs'] }));
    expect(plan.task.controls).toEqual(['unit', 'docs']);
    expect(plan.register?.revision).toBe(4);
    expect(plan.register?.controls).toEqual(['unit', 'lint', 'docs']);
    expect(plan.register?.phases[0]?.tasks).toEqual([plan.task]);
  });

  test('a new task joins the last phase with the campaign controls by default; policy flags are its own', () => {
    const plan = planCampaignTask(
      request({ task: 't2', description: 'second', policy: { min_fixed: 3 } }),
    );
    expect(plan.task).toEqual({
      id: 't2',
      title: 'second',
      controls: ['unit', 'lint'],
      exit_policy: { max_new_violations: 0, min_fixed: 3 },
    });
    expect(plan.register?.phases[0]?.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(plan.register?.exit_policy).toEqual(existing.spec.exit_policy);
  });
});
