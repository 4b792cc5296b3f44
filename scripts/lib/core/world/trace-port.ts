// Agent trajectories as files (references/trace.md): a trace read event by event, a rule pack,
// and the trace files a control's globs match (io/trace/, io/repo/glob-files.ts).
import type { RecordCounts, TraceEvent, TraceHeader } from '../trace/events.ts';
import type { Pack } from '../trace/pack.ts';

export interface TraceReadOptions {
  /** Adapter name (`claude-code` or `claude-code@1`) or `auto`. */
  adapter: string;
  /** How the file is named in messages. */
  shownAs: string;
  maxLineBytes?: number;
  maxDocumentBytes?: number;
}

/** What reading a trace found besides its events. */
export interface TraceRead {
  header: TraceHeader;
  counts: RecordCounts;
  bytes: number;
  /** Why the trace cannot be judged (UNKNOWN), each naming its line; empty when it can. */
  problems: string[];
}

/** A trace converted to proofgate's events (`trace adapt`). */
export interface AdaptResult {
  file: string;
  header: TraceHeader;
  counts: RecordCounts;
  events: TraceEvent[];
}

export interface TracePort {
  readTrace(
    path: string,
    onEvent: (e: TraceEvent) => void,
    options: TraceReadOptions,
  ): Promise<TraceRead>;
  /** The UNKNOWN verdict of a trace that cannot be read. */
  unknownTrace(
    shownAs: string,
    problems: string[],
  ): { code: string; message: string; next: string; problems: string[] };
  loadPack(path: string, shownAs: string): Pack;
  /** The file of a pack that ships with proofgate (`honest-completion`), never a project file. */
  shippedPackFile(name: string): string;
  /** Files under `root` matching the globs, sorted (a glob leaving the root is a usage error). */
  globFiles(root: string, patterns: readonly string[], where?: string): Promise<string[]>;
}
