// How a task names its controls outside the command line: the environment variable, and the task
// file `<git dir>/proofgate/task.json` (written by `campaign start`, read by `claim` and the hook).

/** The environment variable naming the task's controls (space- or comma-separated). */
export const TASK_CONTROLS_ENV = 'PROOFGATE_TASK_CONTROLS';

export function parseTaskControlsEnv(value: string | undefined): string[] | undefined {
  const ids = (value ?? '').split(/[\s,]+/).filter((id) => id !== '');
  return ids.length > 0 ? ids : undefined;
}

/** What `<git dir>/proofgate/task.json` names: the task's controls, or a campaign task. */
export interface TaskFile {
  controls: string[];
  /** ai_brownfield: the campaign and task whose claim the stop previews (`campaign list`). */
  campaign?: { campaign: string; task: string };
}
