// Where `verify` runs its Ed25519 checks: a small ledger uses libuv's thread pool through the
// asynchronous crypto.verify (no start-up cost); once a ledger has shown more than a threshold of
// signatures, the rest go to worker threads, one per core, in batches of raw bytes (the checks
// submitted while the thread module loads still run on libuv's pool).
import { verify } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { signedMessage } from '../../core/ledger/verify-signatures.ts';
import type { SignatureJob } from '../../core/ledger/verify-signatures.ts';
import type { SignatureThreads } from './signature-threads.ts';

/** Signature checks in flight at most; the reader waits below half of it. */
const MAX_IN_FLIGHT = 1024;
/** Below this many signatures, starting workers costs more than it saves. */
const THREAD_THRESHOLD = 2000;

export interface SignatureCheckOptions {
  /** Worker threads once past the threshold; 0 keeps every check on libuv's pool. */
  threads?: number;
  /** Signatures seen before workers start; 0 starts them with the first batch. */
  threshold?: number;
}

interface SignatureChecks {
  submit(jobs: readonly SignatureJob[]): void;
  /** Resolves once fewer checks are in flight than the reader may run ahead by. */
  room(): Promise<void>;
  /** Waits for every check and stops any worker. */
  drain(): Promise<void>;
}

export function createSignatureChecks(
  reject: (job: SignatureJob) => void,
  options: SignatureCheckOptions = {},
): SignatureChecks {
  const threadCount = options.threads ?? availableParallelism();
  const threshold = options.threshold ?? THREAD_THRESHOLD;
  let submitted = 0;
  let threads: SignatureThreads | undefined;
  // Loaded when first needed: node:worker_threads alone costs a verdict verb's start-up ~20 ms.
  let loading: Promise<void> | undefined;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const wake = (): void => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const wait = (): Promise<void> => new Promise((resolve) => waiters.push(resolve));
  const onLibuv = (job: SignatureJob): void => {
    inFlight += 1;
    verify(
      null,
      signedMessage(job.signed),
      job.key,
      Buffer.from(job.sig, 'base64'),
      (error, ok) => {
        inFlight -= 1;
        if (error !== null || !ok) reject(job);
        if (inFlight <= MAX_IN_FLIGHT / 2) wake();
      },
    );
  };
  return {
    submit(jobs) {
      if (jobs.length === 0) return;
      submitted += jobs.length;
      if (loading === undefined && threadCount > 0 && submitted > threshold) {
        loading = import('./signature-threads.ts').then((m) => {
          threads = m.createSignatureThreads(threadCount, reject);
        });
      }
      if (threads !== undefined) threads.submit(jobs);
      else for (const job of jobs) onLibuv(job);
    },
    async room() {
      await loading;
      while (inFlight >= MAX_IN_FLIGHT) await wait();
      while (threads !== undefined && threads.inFlight >= MAX_IN_FLIGHT * 4) {
        await threads.progress();
      }
    },
    async drain() {
      await loading;
      while (inFlight > 0) await wait();
      await threads?.close();
    },
  };
}
