// The real ports beside the gate's (core/world/world.ts WorldParts), wired from the io adapters.
// They hold nothing of their own: what an invocation asked is kept by openWorld, and git's answers
// by io for the verdict that opened them. This file and open-world.ts are the only importers of
// io/git.ts outside io.
import type { WorldParts } from '../../core/world/world.ts';
import { HOOK_START } from './hook-part.ts';
import { readAttestationHistory } from '../../io/ledger/attestation-history.ts';
import { readBasePlane } from '../../io/plane/base-registry.ts';
import { computeCheckpoint } from '../../io/ledger/checkpoint-state.ts';
import { usableCheckpoint } from '../../io/ledger/checkpoint-unchanged.ts';
import {
  commitSubjectTree,
  namingSubjectTree,
  findSubjectCommits,
  readHeadFacts,
  resolveCommit,
  subjectExcludes,
} from '../../io/subject/commit-subject.ts';
import { defaultExecutionContext } from '../../io/host/default-context.ts';
import {
  changedLineDiff,
  findRepositoryPaths,
  listTrackedFiles,
  resolveHead,
} from '../../io/git.ts';
import { parseChangedLines } from '../../core/efficacy/changed-lines.ts';
import { readGitState } from '../../io/repo/git-state.ts';
import { selfArgv } from '../../io/host/invocation.ts';
import { generateKey, loadSigner, writePrivateKey } from '../../io/keys/keys.ts';
import {
  anchorOfUpstream,
  checkIntegrity,
  resolveAnchor,
} from '../../io/ledger/ledger-integrity.ts';
import { appendEntry, ledgerDir, ledgerIdOf } from '../../io/ledger/ledger-store.ts';
import { readSegmentTails } from '../../io/ledger/ledger-tails.ts';
import { findBaseFork, findUpstream } from '../../io/ledger/ledger-upstream.ts';
import { locatePlane } from '../../io/plane/locate-plane.ts';
import { readMetaSubject } from '../../io/subject/meta-subject.ts';
import { createObjectStore } from '../../io/ledger/objects.ts';
import { packageRoot } from '../../io/host/package-root.ts';
import { loadArchive, readPlaneFiles, storeArchive } from '../../io/plane/plane-archive.ts';
import { loadPlane, parseYamlText, readYamlFile } from '../../io/plane/plane.ts';
import { readFromCheckpoint, readWholeVerified } from '../../io/ledger/read-verified-ledger.ts';
import { readRequirementTexts } from '../../io/plane/requirement-files.ts';
import { listProjectFiles, readProjectFiles } from '../../io/repo/project-files.ts';
import { installedSkillExcludes, withSkillExcludes } from '../../io/subject/skill-excludes.ts';
import { readPackageSkillFiles } from '../../io/hook/skill-files.ts';
import { computeSubject, computeSubjects } from '../../io/subject/subject.ts';
import { readToolIdentity } from '../../io/host/tool-identity.ts';
import { assertOutputsUntracked } from '../../io/repo/tracked-outputs.ts';
import {
  findTrustedBase,
  hasObject,
  listChangedPaths,
  readFilesAt,
} from '../../io/repo/trusted-base.ts';
import {
  checkTrust,
  readCurrentHeads,
  readJsonFile as readTrustJsonFile,
  readTrustFile,
  readTrustOption,
  writeExportFile,
  writeTrustFile,
} from '../../io/keys/trust-io.ts';
import { currentSegmentFiles } from '../../io/ledger/verify-ledger-files.ts';
import { modifiedTimes, readWorktreeState, takeBoundState } from '../../io/repo/worktree-state.ts';

export const WORLD_PARTS: WorldParts = {
  git: {
    resolveHead,
    listTrackedFiles,
    findRepositoryPaths,
    readGitState,
    hasObject,
    listChangedPaths,
    listChangedLines: async (root, from, to) =>
      parseChangedLines(await changedLineDiff(root, from, to)),
    readFilesAt,
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
    namingSubjectTree,
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
      (await import('../../io/keys/sigstore-sign.ts')).loadKeylessSigner(authority, env),
    refreshTrustedRoot: async (env) =>
      (await import('../../io/keys/sigstore-tuf.ts')).refreshTrustedRoot(env),
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
  reach: { listProjectFiles, readProjectFiles },
};
