// The ledger verifier (references/verify.md) as a stream: segments are fed line by line and every
// rule runs as the line passes, so memory holds no line bytes and no parsed entries, only the hash
// index of valid entries, references that point forward (resolved at the end) and at most a capped
// number of findings. Key and seal entries are known up front (the caller finds them by a byte
// search), so "has this entry seen that key or seal" never needs an earlier line again.
import { findGrantProblems } from './grant-signature.ts';
import { sha256Hex } from '../hash.ts';
import { acknowledgedFork, forkKey } from './acknowledge-forks.ts';
import { ChainBreaks } from './chain-breaks.ts';
import { LedgerIndex } from './ledger-index.ts';
import { MAX_LINE_BYTES, decodeLine } from './parse-ledger.ts';
import { checkChainLink, checkSegmentName, startChain } from './verify-chain.ts';
import type { Report } from './verify-chain.ts';
import { FindingSink } from './verify-findings.ts';
import { checkObjects, checkTime, latestAllowedTime } from './verify-entry-checks.ts';
import { ReferenceTracker } from './verify-references.ts';
import { SealTracker } from './verify-seals.ts';
import { KeyedRules } from './verify-keyed.ts';
import { buildIdentityRegistry } from './keyless.ts';
import type { KeylessJob, RegisteredIdentity } from './keyless.ts';
import {
  buildKeyRegistry,
  checkEntrySignatures,
  checkKeyEntry,
  signatureFailure,
} from './verify-signatures.ts';
import type { RegisteredKey, SignatureJob } from './verify-signatures.ts';
import type { VerifiedCounts } from './describe-verified.ts';
import type { FindingCode, LedgerEntry, LedgerFinding, LocatedEntry } from './types.ts';
import type {
  OpenSegment,
  SegmentRegion,
  VerifierConfig,
  VerifyLedgerResult,
} from './verify-stream-types.ts';

export type { ObjectState, VerifyLedgerResult } from './verify-stream-types.ts';

export class LedgerVerifier {
  private readonly config: VerifierConfig;
  private readonly sink: FindingSink;
  private readonly index: LedgerIndex;
  private readonly registry: Map<string, RegisteredKey>;
  private readonly known: Set<string>;
  private readonly keysByAuthority = new Map<string, LocatedEntry[]>();
  private readonly keyed: KeyedRules;
  private readonly references: ReferenceTracker;
  private readonly seals: SealTracker;
  private jobs: SignatureJob[] = [];
  private readonly identities: Map<string, RegisteredIdentity>;
  /** Keyless signatures to check once the stream ends (io/keys/sigstore-verify.ts). */
  private readonly keylessJobs: KeylessJob[] = [];
  private readonly breaks = new ChainBreaks();
  private open: OpenSegment | undefined;
  private checkedLines = 0;
  private readonly counts: VerifiedCounts = { entries: 0, signed: 0, seals: 0 };
  private segments = 0;
  private readonly now: { date: Date; latest: string } | undefined;

  constructor(config: VerifierConfig) {
    this.config = config;
    this.now =
      config.now === undefined
        ? undefined
        : { date: config.now, latest: latestAllowedTime(config.now) };
    this.sink = new FindingSink(config.findingsCap);
    this.index = new LedgerIndex(config.trusted);
    this.references = new ReferenceTracker(this.index);
    this.seals = new SealTracker(this.index, this.references);
    this.registry = buildKeyRegistry(config.authorities, config.manifestFile);
    this.identities = buildIdentityRegistry(config.authorities, config.manifestFile);
    this.known = new Set(config.authorities.map((a) => a.id));
    for (const located of config.context) {
      if (located.entry.kind === 'key' && checkKeyEntry(located) === undefined) {
        const list = this.keysByAuthority.get(located.entry.actor.authority) ?? [];
        list.push(located);
        this.keysByAuthority.set(located.entry.actor.authority, list);
      }
      if (located.entry.kind === 'seal') this.seals.addSeal(located);
    }
    // An authority that declares Sigstore identities signs every entry, like a keyed one.
    const keyedAuthorities = new Set(
      [...this.registry.values(), ...this.identities.values()].map((k) => k.authority),
    );
    this.keyed = new KeyedRules(keyedAuthorities, this.keysByAuthority);
  }

  /** A finding found outside the line stream (base comparison, context scan limits). */
  addFinding(finding: LedgerFinding): void {
    this.keyed.baseFinding(finding);
    this.sink.add(finding);
  }

  beginSegment(region: SegmentRegion): void {
    this.segments += 1;
    this.index.addTrustedRegion(region.name, region.start);
    this.keyed.trustedRegion(region.start);
    const badName = checkSegmentName(region.name);
    if (badName !== undefined) {
      this.sink.add({ file: region.file, line: 0, code: 'BAD_SEGMENT_NAME', message: badName });
    }
    const { closures, closingHeads } = this.seals.segmentClosures(region);
    this.open = {
      region,
      chain: startChain(region.name, region.start, region.previousHash),
      lines: 0,
      closures,
      closingHeads,
      lastEntry: undefined,
    };
  }

  /** A complete line of the open segment (without its newline). */
  line(bytes: Uint8Array): void {
    const decoded = decodeLine(bytes);
    this.accept(sha256Hex(bytes), decoded.entry, bytes, decoded.problem);
  }

  /** A line longer than MAX_LINE_BYTES, skipped by the reader; `hash` is sha256 of its bytes. */
  overlongLine(size: number, hash: string): void {
    this.accept(hash, undefined, undefined, {
      code: 'LINE_TOO_LONG',
      message: `line has ${size} bytes, more than ${MAX_LINE_BYTES}`,
    });
  }

  /** A line decoded by the caller, whose line-level problem (if any) is already reported. */
  decodedLine(bytes: Uint8Array, hash: string, entry: LedgerEntry | undefined): void {
    this.accept(hash, entry, bytes, undefined);
  }

  /** Ends the open segment; `tornBytes` is the size of an unterminated last line. */
  endSegment(tornBytes: number): void {
    const open = this.open;
    if (open === undefined) return;
    if (tornBytes > 0) {
      this.sink.add({
        file: open.region.file,
        line: open.region.start + open.lines + 1,
        code: 'TORN_LINE',
        message: `last line has ${tornBytes} bytes and no newline (a writer was killed mid-append); run "proofgate verify --repair-torn"`,
      });
    }
    this.breaks.segmentEnded(open.region.file, open.region.start + open.lines);
    this.open = undefined;
  }

  /** Signature checks queued since the last call; report failures with rejectSignature. */
  takeSignatureJobs(): SignatureJob[] {
    const jobs = this.jobs;
    this.jobs = [];
    return jobs;
  }

  get queuedSignatures(): number {
    return this.jobs.length;
  }

  /** Every keyless signature seen so far; their findings come back through addFinding. */
  get keyless(): readonly KeylessJob[] {
    return this.keylessJobs;
  }

  rejectSignature(job: SignatureJob): void {
    this.sink.add(
      { file: job.file, line: job.line, code: 'SIGNATURE_INVALID', message: signatureFailure(job) },
      job.detail,
    );
  }

  private accept(
    hash: string,
    entry: LedgerEntry | undefined,
    bytes: Uint8Array | undefined,
    problem: { code: FindingCode; message: string } | undefined,
  ): void {
    const open = this.open;
    if (open === undefined) throw new Error('LedgerVerifier: line outside a segment');
    const index = open.region.start + open.lines;
    open.lines += 1;
    this.checkedLines += 1;
    const file = open.region.file;
    const report: Report = (code, message, detail = 0) =>
      this.report({ file, line: index + 1, code, message }, detail);
    if (problem !== undefined) report(problem.code, problem.message);
    checkChainLink(
      open.chain,
      index,
      hash,
      entry,
      this.config.ledgerId,
      this.chainReport(open, hash, entry, report),
    );
    open.lastEntry = entry === undefined ? undefined : { seq: entry.seq, prev: entry.prev };
    if (entry !== undefined) {
      const fork = acknowledgedFork(entry);
      if (fork !== undefined) this.breaks.acknowledge(fork);
      const located: LocatedEntry = { entry, segment: open.region.name, index, file, hash };
      this.config.onEntry?.({ entry, hash, file, line: index + 1 });
      const first = this.index.add(hash, { segment: located.segment, index });
      if (first !== undefined) {
        report(
          'DUPLICATE_ENTRY',
          `line repeats ${first.segment} line ${first.index + 1} byte for byte`,
        );
      }
      this.references.checkReferences(located, report);
      this.keyed.consider(located);
      this.counts.entries += 1;
      if (entry.sigs !== undefined) this.counts.signed += 1;
      if (entry.kind === 'seal') this.counts.seals += 1;
      checkEntrySignatures(located, bytes, this.known, this.registry, report, this.jobs, {
        identities: this.identities,
        jobs: this.keylessJobs,
      });
      this.checkGrants(located, report);
      if (entry.sigs === undefined) this.checkUnsignedAfterKey(located, report);
      checkObjects(entry, (digest) => this.config.objectState(digest), report);
      checkTime(entry, this.now, report);
      this.seals.check(located, open, report);
    }
    for (const seal of open.closingHeads?.get(hash) ?? []) open.closures.push({ seal, at: index });
  }

  /**
   * Two writers that both believed they held the lock append one seq with one prev; the later
   * line (the twin) fails only the chain rules at its own line. Those findings wait until the end:
   * a `verify --repair` note naming the twin acknowledges them. Every other rule still applies.
   */
  private chainReport(
    open: OpenSegment,
    hash: string,
    entry: LedgerEntry | undefined,
    report: Report,
  ): Report {
    const last = open.lastEntry;
    if (entry === undefined || last === undefined) return report;
    if (entry.seq !== last.seq || entry.prev !== last.prev) return report;
    const file = open.region.file;
    const line = open.region.start + open.lines;
    const key = forkKey(file, line, hash);
    return (code, message, detail = 0) => {
      if (code !== 'SEQ_MISMATCH' && code !== 'PREV_MISMATCH') return report(code, message, detail);
      this.breaks.hold(key, { file, line, code, message }, detail);
    };
  }

  private report(finding: LedgerFinding, detail: number): void {
    this.sink.add(finding, detail);
    this.breaks.track(finding);
  }

  /** A grant by a keyed authority carries its signature (or precedes its key entry). */
  private checkGrants(located: LocatedEntry, report: Report): void {
    for (const problem of findGrantProblems(located.entry, this.config.authorities)) {
      if (problem.code === 'GRANT_UNSIGNED') {
        this.keyed.unsignedGrant(located, problem.by, problem.message);
      } else report(problem.code, problem.message);
    }
  }

  private checkUnsignedAfterKey(located: LocatedEntry, report: Report): void {
    const authority = located.entry.actor.authority;
    const keys = this.keysByAuthority.get(authority);
    if (keys === undefined) return;
    const checks = keys.map((key) => ({
      segment: key.segment,
      index: key.index,
      head: located.entry.storage.heads[key.segment],
      code: 'UNSIGNED_AFTER_KEY' as const,
      message: `unsigned entry by ${authority}, which registered a key at ${key.file}:${key.index + 1}`,
    }));
    this.references.checkSeen(located, checks, report);
  }

  /** Resolves forward references, deferred seen checks and seal inventories; returns the result. */
  finish(): VerifyLedgerResult {
    this.references.finish(this.sink);
    for (const finding of this.keyed.finish(this.index)) this.sink.add(finding);
    for (const { finding, detail } of this.breaks.unacknowledged()) this.report(finding, detail);
    for (const edit of this.breaks.editedLines()) this.sink.add(edit);
    this.seals.finish(
      this.sink,
      (segment, lastIndex) => this.config.prefixObjects(segment, lastIndex),
      this.config.vouchedSeals,
    );
    return {
      findings: this.sink.list(),
      findingCount: this.sink.count,
      checkedLines: this.checkedLines,
      segments: this.segments,
      counts: {
        ...this.counts,
        ...(this.keyed.beforeKey === 0 ? {} : { beforeKey: this.keyed.beforeKey }),
      },
    };
  }
}
