// The knowledge store's port (core/world/knowledge-port.ts), for the verbs whose flows read or
// write knowledge records; apart from the world, as the store loads the redaction rules.
import type { WorldExtras } from '../../core/world/world.ts';
import {
  createKnowledgeIO,
  openKnowledge,
  readJsonFile,
  writeFileWhole,
} from '../../io/plane/knowledge-store.ts';

export const KNOWLEDGE_PART: Pick<WorldExtras, 'knowledge'> = {
  knowledge: { openKnowledge, createKnowledgeIO, readJsonFile, writeFileWhole },
};
