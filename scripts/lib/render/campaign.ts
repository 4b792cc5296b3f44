// Text for `proofgate campaign`: the verdict or summary first, then the details.
import type { CampaignFlowResult } from '../flows/campaign/campaign-flow.ts';
import type { CampaignView } from '../flows/campaign/campaign-views.ts';
import type { StartTaskResult } from '../flows/campaign/start-campaign-task.ts';
import type { CampaignLintResult } from '../core/brownfield/lint-campaign.ts';

/** New violations a refused baseline names on its own lines; the rest are counted. */
const GROWTH_SHOWN = 20;

function policy(p: { max_new_violations: number; min_fixed: number }): string {
  return `max new ${p.max_new_violations}, min fixed ${p.min_fixed}`;
}

function describe(c: CampaignView): string[] {
  const lines = [
    `${c.spec.id} r${c.spec.revision} ${c.state.toUpperCase()}: ${c.spec.title}`,
    `  registered ${c.time} by ${c.authority} (entry ${c.hash.slice(0, 12)})`,
    `  controls: ${c.spec.controls.join(', ')}; exit policy: ${policy(c.spec.exit_policy)}`,
  ];
  for (const [control, hash] of Object.entries(c.baselines))
    lines.push(`  baseline ${control}: entry ${hash.slice(0, 12)}`);
  if (c.state === 'drifted')
    lines.push(
      `  drifted: ${c.drift.join('; ')}; register a new revision before claiming (proofgate campaign start --campaign ${c.spec.id} --task <task id>)`,
    );
  for (const phase of c.spec.phases) {
    lines.push(`  phase ${phase.id}: ${phase.title}`);
    for (const task of phase.tasks) {
      const own =
        task.exit_policy === undefined ? '' : ` (exit policy: ${policy(task.exit_policy)})`;
      lines.push(`    task ${task.id}: ${task.title} [${task.controls.join(', ')}]${own}`);
    }
  }
  return lines;
}

function describeStart(s: StartTaskResult): string[] {
  const { spec } = s.campaign;
  const how = s.registered
    ? `registered revision ${spec.revision} as ${s.campaign.authority}`
    : 'already registered';
  return [
    `STARTED task ${s.task.id} in campaign ${spec.id} r${spec.revision} (${how})`,
    `  task: ${s.task.title} [${s.task.controls.join(', ')}], phase ${s.phase}${s.task.exit_policy === undefined ? '' : `, exit policy: ${policy(s.task.exit_policy)}`}`,
    `  task file: ${s.taskFile} (the Stop hook and proofgate claim read it; the claim also covers every control your change touches)`,
    'next:',
    ...s.next.map((n) => `  - ${n}`),
  ];
}

export function renderCampaign(result: CampaignFlowResult): string {
  switch (result.action) {
    case 'start':
      return describeStart(result.start).join('\n') + '\n';
    case 'register':
      return (
        [
          `REGISTERED campaign ${result.campaign.spec.id} r${result.campaign.spec.revision}`,
          ...describe(result.campaign),
        ].join('\n') + '\n'
      );
    case 'baseline': {
      const b = result.baseline;
      const head = b.recorded ? `RECORDED ${b.reason}` : `REFUSED ${b.reason}`;
      const lines = [
        head,
        `  run entry ${b.run.slice(0, 12)}${b.baseline === undefined ? '' : `, baseline entry ${b.baseline.slice(0, 12)}`}`,
      ];
      for (const f of b.growth.slice(0, GROWTH_SHOWN)) lines.push(`  new: ${f}`);
      if (b.growth.length > GROWTH_SHOWN)
        lines.push(
          `  … and ${b.growth.length - GROWTH_SHOWN} more new violations (--json lists every one)`,
        );
      return lines.join('\n') + '\n';
    }
    case 'list':
      if (result.campaigns.length === 0)
        return 'no campaign is registered (proofgate campaign register --file campaign.yaml)\n';
      return (
        [
          `${result.campaigns.length} campaigns`,
          ...result.campaigns.map(
            (c) => `  ${c.spec.id} r${c.spec.revision} ${c.state}: ${c.spec.title}`,
          ),
        ].join('\n') + '\n'
      );
    case 'show':
      return describe(result.campaign).join('\n') + '\n';
    case 'lint':
      return renderLint(result.lint);
  }
}

function renderLint(l: CampaignLintResult): string {
  const what = l.campaigns.map(
    (c) => `${c.id} r${c.revision} (${c.phases} phase(s), ${c.tasks} task(s))`,
  );
  const head = l.ok
    ? `CAMPAIGN_LINT_OK ${l.source}: ${what.join(', ')}`
    : `CAMPAIGN_LINT_BLOCKED ${l.source}: ${l.findings.length} finding(s)`;
  return (
    [
      head,
      ...l.findings.map((f) => `  - ${f.code} ${f.campaign}: ${f.message}`),
      '  nothing was written and nothing was run (writes_performed: false)',
    ].join('\n') + '\n'
  );
}
