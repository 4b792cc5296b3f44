// The ledger verifier (references/verify.md) as a stream: segments are fed line by line and every
// rule runs as the line passes, so memory holds no line bytes and no parsed entries, only the hash
// index of valid entries, references that point forward (resolved at the end) and at most a capped
// number of findings. Key and seal entries are known up front (the caller finds them by a byte
// search), so "has this entry seen that key or seal" never needs an earlier line again.
import { sha256Hex } from '../hash.ts';
import { acknowledgedFork, forkKey } from './acknowledge-forks.ts';
import { ChainBreaks } from './chain-breaks.ts';
import { LedgerIndex } from './ledger-index.ts';
import { MAX_LINE_BYTES, decodeLine } from './parse-ledger.ts';
import { checkChainLink, checkSegmentName, short, startChain } from './verify-chain.ts';
import type { Report } from './verify-chain.ts';
import { FindingSink } from './verify-findings.ts';
import { checkSealInventory, readSealBody } from './verify-seals.ts';
import type { SealBody } from './verify-seals.ts';
import { KeyedRules } from './verify-keyed.ts';
import { buildKeyRegistry, checkEntrySignatures, checkKeyEntry } from './verify-signatures.ts';
import type { RegisteredKey, SignatureJob } from './verify-signatures.ts';
import type { VerifiedCounts } from './describe-verified.ts';
import type { FindingCode, LedgerEntry, LedgerFinding, LocatedEntry } from './types.ts';
import type {
  OpenSegment,
  Pending,
  SeenCheck,
  SegmentRegion,
  VerifierConfig,
  VerifyLedgerResult,
} from './verify-stream-types.ts';

import { MAX_CHECKED_SEALS } from './verify-stream-types.ts';
export type { ObjectState, VerifyLedgerResult } from './verify-stream-types.ts';

/** How far an entry's time may run ahead of the verifier's clock (clocks drift a little). */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export class LedgerVerifier {
  private readonly config: VerifierConfig;
  private readonly sink: FindingSink;
  private readonly index: LedgerIndex;
  private readonly registry: Map<string, RegisteredKey>;
  private readonly known: Set<string>;
  private readonly keysByAuthority = new Map<string, LocatedEntry[]>();
  private readonly keyed: KeyedRules;
  /** Segment → seals closing it at their own line. */
  private readonly ownClosures = new Map<string, LocatedEntry[]>();
  /** Segment → head hash → seals whose heads close the segment at that line. */
  private readonly closingHeads = new Map<string, Map<string, LocatedEntry[]>>();
  private readonly pending: Pending[] = [];
  private readonly checkedSeals: { located: LocatedEntry; body: SealBody }[] = [];
  private jobs: SignatureJob[] = [];
  private readonly breaks = new ChainBreaks();
  private open: OpenSegment | undefined;
  private checkedLines = 0;
  private readonly counts: VerifiedCounts = { entries: 0, signed: 0, seals: 0 };
  private segments = 0;

  constructor(config: VerifierConfig) {
    this.config = config;
    this.sink = new FindingSink(config.findingsCap);
    this.index = new LedgerIndex(config.trusted);
    this.registry = buildKeyRegistry(config.authorities, config.manifestFile);
    this.known = new Set(config.authorities.map((a) => a.id));
    for (const located of config.context) {
      if (located.entry.kind === 'key' && checkKeyEntry(located) === undefined) {
        const list = this.keysByAuthority.get(located.entry.actor.authority) ?? [];
        list.push(located);
        this.keysByAuthority.set(located.entry.actor.authority, list);
      }
      if (located.entry.kind === 'seal') this.addSeal(located);
    }
    const keyedAuthorities = new Set([...this.registry.values()].map((k) => k.authority));
    this.keyed = new KeyedRules(keyedAuthorities, this.keysByAuthority);
  }

  private addSeal(seal: LocatedEntry): void {
    const body = readSealBody(seal.entry);
    if (typeof body === 'string') return;
    const own = this.ownClosures.get(seal.segment) ?? [];
    own.push(seal);
    this.ownClosures.set(seal.segment, own);
    for (const [segment, head] of Object.entries(body.heads)) {
      if (segment === seal.segment) continue;
      const heads = this.closingHeads.get(segment) ?? new Map<string, LocatedEntry[]>();
      heads.set(head, [...(heads.get(head) ?? []), seal]);
      this.closingHeads.set(segment, heads);
    }
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
    const closures = (this.ownClosures.get(region.name) ?? []).map((seal) => ({
      seal,
      at: seal.index,
    }));
    const closingHeads = this.closingHeads.get(region.name);
    // A closing head in the trusted region closes every checked line.
    for (const [head, seals] of region.start > 0 ? (closingHeads ?? []) : []) {
      const at = this.index.locate(head, region.name);
      if (at === undefined || at.segment !== region.name) continue;
      for (const seal of seals) closures.push({ seal, at: at.index });
    }
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

  rejectSignature(job: SignatureJob): void {
    this.sink.add(
      { file: job.file, line: job.line, code: 'SIGNATURE_INVALID', message: job.failure },
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
      const first = this.index.add(hash, { segment: located.segment, index });
      if (first !== undefined) {
        report(
          'DUPLICATE_ENTRY',
          `line repeats ${first.segment} line ${first.index + 1} byte for byte`,
        );
      }
      this.checkReferences(located, report);
      this.keyed.consider(located);
      this.counts.entries += 1;
      if (entry.sigs !== undefined) this.counts.signed += 1;
      if (entry.kind === 'seal') this.counts.seals += 1;
      this.jobs.push(...checkEntrySignatures(located, bytes, this.known, this.registry, report));
      if (entry.sigs === undefined) this.checkUnsignedAfterKey(located, report);
      this.checkObjects(entry, report);
      this.checkTime(entry, report);
      this.checkSeals(located, open, report);
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

  private checkReferences(located: LocatedEntry, report: Report): void {
    const { entry } = located;
    (entry.merge ?? []).forEach((parent, i) => {
      const at = this.index.known(parent);
      if (at === undefined) this.defer(located, i, { ref: { hash: parent, segment: undefined } });
      else if (at.segment === located.segment) report('MERGE_UNKNOWN', mergeMessage(parent), i);
    });
    let position = 1000;
    for (const [segment, head] of Object.entries(entry.storage.heads)) {
      const detail = position++;
      // The own segment's head is the prev link, which the chain rule checks.
      if (segment === located.segment) {
        if (head !== entry.prev) {
          report('HEAD_UNKNOWN', 'recorded head of its own segment is not its prev', detail);
        }
        continue;
      }
      const at = this.index.known(head);
      if (at === undefined) this.defer(located, detail, { ref: { hash: head, segment } });
      else if (at.segment !== segment) report('HEAD_UNKNOWN', headMessage(head, segment), detail);
    }
  }

  private defer(located: LocatedEntry, detail: number, what: Partial<Pending>): void {
    this.pending.push({
      file: located.file,
      line: located.index + 1,
      viewerSegment: located.segment,
      detail,
      ...what,
    });
  }

  /** Runs seen checks in order: reports the first that holds, defers from the first undecidable. */
  private checkSeen(located: LocatedEntry, checks: SeenCheck[], report: Report): void {
    for (let i = 0; i < checks.length; i++) {
      const check = checks[i]!;
      const seen = this.hasSeen(located.segment, located.index, check, false);
      if (seen === true) return report(check.code, check.message);
      if (seen === undefined) return this.defer(located, 0, { seen: checks.slice(i) });
    }
  }

  /** Whether the viewer has seen the target; undefined when its head is not indexed yet. */
  private hasSeen(
    segment: string,
    index: number,
    check: SeenCheck,
    isFinal: boolean,
  ): boolean | undefined {
    if (segment === check.segment) return index > check.index;
    if (check.head === undefined) return false;
    const at = isFinal
      ? this.index.locate(check.head, check.segment)
      : this.index.known(check.head);
    if (at === undefined) return isFinal ? false : undefined;
    return at.segment === check.segment && at.index >= check.index;
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
    this.checkSeen(located, checks, report);
  }

  /** An entry dated after the verifier's present was written with a wrong or forged clock. */
  private checkTime(entry: LedgerEntry, report: Report): void {
    const now = this.config.now;
    if (now === undefined) return;
    const time = Date.parse(entry.time);
    if (time > now.getTime() + MAX_CLOCK_SKEW_MS) {
      report(
        'TIME_IN_FUTURE',
        `entry dated ${entry.time}, after the verifier's clock ${now.toISOString()} (more than ${MAX_CLOCK_SKEW_MS / 60000} min skew): its writer's clock was wrong or set (PROOFGATE_NOW)`,
      );
    }
  }

  private checkObjects(entry: LedgerEntry, report: Report): void {
    entry.storage.objects.forEach((digest, i) => {
      const state = this.config.objectState(digest);
      if (state === 'missing') {
        report(
          'OBJECT_MISSING',
          `evidence object ${digest.slice(0, 12)}… is missing from evidence/objects`,
          i,
        );
      } else if (state === 'corrupt') {
        report(
          'OBJECT_CORRUPT',
          `evidence object ${digest.slice(0, 12)}… does not re-hash to its name`,
          i,
        );
      }
    });
  }

  private checkSeals(located: LocatedEntry, open: OpenSegment, report: Report): void {
    if (located.entry.kind === 'seal') {
      const body = readSealBody(located.entry);
      if (typeof body === 'string') report('SEAL_INVALID', body);
      else if (this.checkedSeals.length >= MAX_CHECKED_SEALS) {
        report(
          'SEAL_INVALID',
          `more than ${MAX_CHECKED_SEALS} seals in the checked lines: this inventory is not checked`,
        );
      } else this.checkedSeals.push({ located, body });
    }
    for (const { seal, at } of open.closures) {
      if (located.index <= at) continue;
      const body = readSealBody(seal.entry) as SealBody;
      const check: SeenCheck = {
        segment: seal.segment,
        index: seal.index,
        head: located.entry.storage.heads[seal.segment],
        code: 'APPEND_AFTER_SEAL',
        message: `entry appended to segment ${located.segment} after seal "${body.archive_id}" (${seal.file}:${seal.index + 1}) closed it`,
      };
      this.checkSeen(located, [check], report);
    }
  }

  /** Resolves forward references, deferred seen checks and seal inventories; returns the result. */
  finish(): VerifyLedgerResult {
    for (const item of this.pending) {
      const report: Report = (code, message, detail = 0) =>
        this.sink.add({ file: item.file, line: item.line, code, message }, detail);
      if (item.ref !== undefined) {
        const { hash, segment } = item.ref;
        const at = this.index.locate(hash, segment);
        if (segment === undefined) {
          if (at === undefined || at.segment === item.viewerSegment) {
            report('MERGE_UNKNOWN', mergeMessage(hash), item.detail);
          }
        } else if (at === undefined || at.segment !== segment) {
          report('HEAD_UNKNOWN', headMessage(hash, segment), item.detail);
        }
      }
      const index = item.line - 1;
      const seen = item.seen?.find((c) => this.hasSeen(item.viewerSegment, index, c, true));
      if (seen !== undefined) report(seen.code, seen.message);
    }
    this.pending.length = 0;
    for (const finding of this.keyed.finish(this.index)) this.sink.add(finding);
    for (const { finding, detail } of this.breaks.unacknowledged()) this.report(finding, detail);
    for (const edit of this.breaks.editedLines()) this.sink.add(edit);
    for (const { located, body } of this.checkedSeals) {
      const problems = checkSealInventory(
        body,
        (hash, segment) => this.index.locate(hash, segment),
        (segment, lastIndex) => this.config.prefixObjects(segment, lastIndex),
      );
      for (const message of problems) {
        this.sink.add({
          file: located.file,
          line: located.index + 1,
          code: 'SEAL_INVALID',
          message,
        });
      }
    }
    return {
      findings: this.sink.list(),
      findingCount: this.sink.count,
      checkedLines: this.checkedLines,
      segments: this.segments,
      counts: { ...this.counts },
    };
  }
}

function mergeMessage(parent: string): string {
  return `merge parent ${short(parent)} is not an entry of another segment`;
}

function headMessage(head: string, segment: string): string {
  return `recorded head ${short(head)} of segment ${segment} is not in that segment (segment deleted, truncated or not committed)`;
}
