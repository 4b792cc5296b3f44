// The knowledge store as the knowledge verbs open it, and the files they import and export
// (io/plane/knowledge-store.ts).
import type { KnowledgeIO } from '../ports.ts';

export interface KnowledgeIOOptions {
  root: string;
  /** Ledger lookup; default: scan `<plane>/evidence/ledger/*.jsonl`. */
  entryExists?: (hash: string) => Promise<boolean>;
  /** The environment whose declared values (see redactionRulesFor) are redacted from typed text. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface KnowledgePort {
  /** The store of the plane at `root` (the git top level of `cwd` when undefined). */
  openKnowledge(
    root: string | undefined,
    cwd: string,
    env?: Readonly<Record<string, string | undefined>>,
  ): Promise<KnowledgeIO>;
  createKnowledgeIO(options: KnowledgeIOOptions): KnowledgeIO;
  readJsonFile(path: string, shownAs: string): Promise<unknown>;
  writeFileWhole(path: string, text: string): Promise<void>;
}
