// What a claim is about: a campaign task, a whole campaign phase, or a plain task, and the controls
// the task names and where they were named. `claim` and the Stop hook both ask here, so the hook
// previews exactly the claim `claim` would make (references/claim.md, references/campaign.md).
import type { Context } from '../../core/context.ts';
import {
  parseTaskControlsEnv,
  TASK_CONTROLS_ENV,
  type TaskFile,
} from '../../core/hook/task-controls.ts';

/** The controls a task names, where they were named, and the campaign task the task file names. */
interface NamedControls {
  ids: string[];
  /** `--control`, the environment variable, or `task.json`. */
  source: string;
  campaign?: { campaign: string; task: string };
}

/** The controls a claim names and where (none: every required control). */
interface SubjectControls {
  controls: string[];
  controlsFrom: string | undefined;
}

export type ClaimSubject =
  | ({ kind: 'task' } & SubjectControls)
  | ({ kind: 'campaign-task'; campaign: string; task: string } & SubjectControls)
  | ({ kind: 'campaign-phase'; campaign: string; phase: string } & SubjectControls);

export interface ClaimSubjectAsk {
  /** `--control` ids. */
  flags: readonly string[];
  env: Context['env'];
  /** ai_brownfield: the task file's campaign task comes first, named controls add to it. */
  brownfield: boolean;
  /** A task claim names its controls; a project or release claim takes the flags as they are. */
  isTask: boolean;
  /** `claim --campaign <id> --task <id>` or `--phase <id>`: the subject is given. */
  campaign?: { id: string; task: string } | { id: string; phase: string } | undefined;
  /** `claim --shards`: a merge of sharded runs is never the task file's campaign task. */
  isSharded?: boolean;
}

/**
 * The subject of the claim. The task file is read (through `readTaskFile`) only when nothing
 * else names the task's controls, and always in ai_brownfield without `--campaign` (the task file
 * then names the campaign task, and named controls add to it).
 */
export async function chooseClaimSubject(
  ask: ClaimSubjectAsk,
  readTaskFile: () => Promise<TaskFile | undefined>,
): Promise<ClaimSubject> {
  const named = ask.isTask
    ? await readNamed(ask, ask.brownfield && ask.campaign === undefined, readTaskFile)
    : undefined;
  const controlsFrom = named?.source;
  if (ask.campaign !== undefined) {
    const controls = [...ask.flags];
    return 'phase' in ask.campaign
      ? {
          kind: 'campaign-phase',
          campaign: ask.campaign.id,
          phase: ask.campaign.phase,
          controls,
          controlsFrom,
        }
      : {
          kind: 'campaign-task',
          campaign: ask.campaign.id,
          task: ask.campaign.task,
          controls,
          controlsFrom,
        };
  }
  if (named?.campaign !== undefined && ask.isSharded !== true)
    return { kind: 'campaign-task', ...named.campaign, controls: named.ids, controlsFrom };
  return { kind: 'task', controls: named?.ids ?? [...ask.flags], controlsFrom };
}

/** The controls the task names and where: --control, else the env var, else task.json. */
async function readNamed(
  ask: ClaimSubjectAsk,
  campaignFirst: boolean,
  readTaskFile: () => Promise<TaskFile | undefined>,
): Promise<NamedControls> {
  const fromEnv = parseTaskControlsEnv(ask.env[TASK_CONTROLS_ENV]);
  const given =
    ask.flags.length > 0
      ? { ids: [...ask.flags], source: '--control' }
      : fromEnv === undefined
        ? undefined
        : { ids: fromEnv, source: TASK_CONTROLS_ENV };
  if (given !== undefined && !campaignFirst) return given;
  const file = await readTaskFile();
  const campaign = file?.campaign === undefined ? {} : { campaign: file.campaign };
  return { ...(given ?? { ids: file?.controls ?? [], source: 'task.json' }), ...campaign };
}
