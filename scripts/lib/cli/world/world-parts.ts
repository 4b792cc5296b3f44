// The real ports beside the gate's (core/world/world.ts WorldParts), wired from the io adapters.
// They hold nothing of their own: what an invocation asked is kept by openWorld, and git's answers
// by io for the verdict that opened them. This file and open-world.ts are the only importers of
// io/git.ts outside io.
import type { WorldParts } from '../../core/world/world.ts';
import { HOOK_START } from './hook-part.ts';
import { readAttestationHistory } from '../../io/attestation-history.ts';
import { readBasePlane } from '../../io/base-registry.ts';
import { computeCheckpoint } from '../../io/checkpoint-state.ts';
import { usableCheckpoint } from '../../io/checkpoint-unchanged.ts';
import {
  commitSubjectTree,
  findSubjectCommits,
  readHeadFacts,
  resolveCommit,
  subjectExcludes,
} from '../../io/commit-subject.ts';
import { defaultExecutionContext } from '../../io/default-context.ts';
import { findRepositoryPaths, listTrackedFiles, resolveHead } from '../../io/git.ts';
import { readGitState } from '../../io/git-state.ts';
import { selfArgv } from '../../io/invocation.ts';
import { generateKey, loadSigner, writePrivateKey } from '../../io/keys.ts';
import { anchorOfUpstream, checkIntegrity, resolveAnchor } from '../../io/ledger-integrity.ts';
import { appendEntry, ledgerDir, ledgerIdOf } from '../../io/ledger-store.ts';
import { readSegmentTails } from '../../io/ledger-tails.ts';
import { findBaseFork, findUpstream } from '../../io/ledger-upstream.ts';
import { locatePlane } from '../../io/locate-plane.ts';
import { readMetaSubject } from '../../io/meta-subject.ts';
import { createObjectStore } from '../../io/objects.ts';
import { packageRoot } from '../../io/package-root.ts';
import { loadArchive, readPlaneFiles, storeArchive } from '../../io/plane-archive.ts';
import { loadPlane, parseYamlText, readYamlFile } from '../../io/plane.ts';
import { readFromCheckpoint, readWholeVerified } from '../../io/read-verified-ledger.ts';
import { readRequirementTexts } from '../../io/requirement-files.ts';
import { installedSkillExcludes, withSkillExcludes } from '../../io/skill-excludes.ts';
import { readPackageSkillFiles } from '../../io/skill-files.ts';
import { computeSubject, computeSubjects } from '../../io/subject.ts';
import { readToolIdentity } from '../../io/tool-identity.ts';
import { assertOutputsUntracked } from '../../io/tracked-outputs.ts';
import { findTrustedBase, hasObject, listChangedPaths } from '../../io/trusted-base.ts';
import {
  checkTrust,
  readCurrentHeads,
  readJsonFile as readTrustJsonFile,
  readTrustFile,
  readTrustOption,
  writeExportFile,
  writeTrustFile,
} from '../../io/trust-io.ts';
import { currentSegmentFiles } from '../../io/verify-ledger-files.ts';
import { modifiedTimes, readWorktreeState, takeBoundState } from '../../io/worktree-state.ts';

export const WORLD_PARTS: WorldParts = {
  git: {
    resolveHead,
    listTrackedFiles,
    findRepositoryPaths,
    readGitState,
    hasObject,
    listChangedPaths,
    findTrustedBase,
    resolveCommit,
    readHeadFacts,
    ...HOOK_START.git,
    readWorktreeState,
    takeBoundState,
    modifiedTimes,
    assertOutputsUntracked,
  },
  subject: {
    computeSubject,
    computeSubjects,
    findSubjectCommits,
    commitSubjectTree,
    subjectExcludes,
    installedSkillExcludes,
    withSkillExcludes,
  },
  ledger: {
    appendEntry,
    ledgerDir,
    ledgerIdOf,
    checkIntegrity,
    resolveAnchor,
    anchorOfUpstream,
    findUpstream,
    findBaseFork,
    readFromCheckpoint,
    readWholeVerified,
    readSegmentTails,
    currentSegmentFiles,
    computeCheckpoint,
    usableCheckpoint,
    createObjectStore,
    readAttestationHistory,
    readToolIdentity,
    readMetaSubject,
  },
  planeFiles: {
    loadPlane,
    locatePlane,
    readYamlFile,
    parseYamlText,
    readBasePlane,
    readPlaneFiles,
    storeArchive,
    loadArchive,
    readRequirementTexts,
  },
  keys: {
    loadSigner,
    generateKey,
    writePrivateKey,
    // Loaded only when asked: the Sigstore client is needed by `--sign sigstore` alone.
    loadKeylessSigner: async (authority, env) =>
      (await import('../../io/sigstore-sign.ts')).loadKeylessSigner(authority, env),
    refreshTrustedRoot: async (env) =>
      (await import('../../io/sigstore-tuf.ts')).refreshTrustedRoot(env),
  },
  trustFiles: {
    readTrustFile,
    readTrustOption,
    checkTrust,
    readCurrentHeads,
    writeTrustFile,
    writeExportFile,
    readJsonFile: readTrustJsonFile,
  },
  hook: HOOK_START.hook,
  host: {
    packageRoot,
    readPackageSkillFiles,
    defaultExecutionContext,
    selfArgv,
  },
};
