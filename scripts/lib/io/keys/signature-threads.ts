// Ed25519 checks of a large ledger spread over worker threads. Each batch is sent as one buffer of
// raw bytes (messages and signatures) plus offsets; a worker builds one KeyObject per key once and
// answers with the positions that failed. Failures are reported back in submission order, so the
// findings do not depend on which worker finished first. A worker that dies hands its unfinished
// batches back to this thread, which checks them itself: a crash never turns into "verified".
import { Worker } from 'node:worker_threads';
import type { KeyObject } from 'node:crypto';
import { runSignatureJob } from '../../core/ledger/verify-signatures.ts';
import type { SignatureJob } from '../../core/ledger/verify-signatures.ts';

/** Runs as a CommonJS script inside each worker. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const keys = [];
parentPort.on('message', (m) => {
  if (m.keyDer !== undefined) {
    keys[m.keyIndex] = createPublicKey({ key: Buffer.from(m.keyDer), format: 'der', type: 'spki' });
    return;
  }
  const data = Buffer.from(m.data);
  const at = m.offsets;
  const failed = [];
  for (let i = 0; i < m.count; i++) {
    const o = i * 5;
    let ok = false;
    try {
      ok = verify(null, data.subarray(at[o], at[o + 1]), keys[at[o + 4]], data.subarray(at[o + 2], at[o + 3]));
    } catch {
      ok = false;
    }
    if (!ok) failed.push(i);
  }
  parentPort.postMessage({ id: m.id, failed });
});
`;

interface Batch {
  id: number;
  jobs: readonly SignatureJob[];
  worker: number;
  done: boolean;
  failed: number[];
}

export interface SignatureThreads {
  submit(jobs: readonly SignatureJob[]): void;
  /** Jobs submitted and not yet answered. */
  readonly inFlight: number;
  /** Resolves when some batch has been answered (or at once when none is pending). */
  progress(): Promise<void>;
  /** Waits for every answer, reports failures, and stops the workers. */
  close(): Promise<void>;
}

/** Ed25519 signatures are 64 bytes; a job's base64 never decodes to more than its length × 3/4. */
const decodedBound = (sig: string): number => Math.ceil((sig.length * 3) / 4);

/**
 * Packs a batch into one transferable buffer: each job's message (PAE head, then its body around
 * the cut) and its decoded signature, with 5 ints per job; written in place, no copy per job.
 */
function pack(
  jobs: readonly SignatureJob[],
  keyIndex: (key: KeyObject) => number,
): { data: ArrayBuffer; offsets: Int32Array<ArrayBuffer> } {
  let size = 0;
  for (const { signed, sig } of jobs) {
    size += signed.head.length + signed.body.length - (signed.cutEnd - signed.cutAt);
    size += decodedBound(sig);
  }
  const data = Buffer.from(new ArrayBuffer(size));
  const offsets = new Int32Array(new ArrayBuffer(jobs.length * 20));
  let at = 0;
  jobs.forEach((job, i) => {
    const { head, body, cutAt, cutEnd } = job.signed;
    offsets[i * 5] = at;
    at += data.write(head, at, 'latin1');
    at += body.copy(data, at, 0, cutAt);
    at += body.copy(data, at, cutEnd);
    offsets[i * 5 + 1] = at;
    offsets[i * 5 + 2] = at;
    at += data.write(job.sig, at, 'base64');
    offsets[i * 5 + 3] = at;
    offsets[i * 5 + 4] = keyIndex(job.key);
  });
  return { data: data.buffer, offsets };
}

export function createSignatureThreads(
  size: number,
  reject: (job: SignatureJob) => void,
): SignatureThreads {
  const keys = new Map<KeyObject, number>();
  const ders: Buffer[] = [];
  const workers: { worker: Worker; sent: Set<number>; pending: number; dead: boolean }[] = [];
  const order: Batch[] = [];
  const byId = new Map<number, Batch>();
  let nextId = 0;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const wake = (): void => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const finishBatch = (batch: Batch, failed: number[]): void => {
    if (batch.done) return;
    batch.done = true;
    batch.failed = failed;
    inFlight -= batch.jobs.length;
    const slot = workers[batch.worker];
    if (slot !== undefined) slot.pending -= 1;
    byId.delete(batch.id);
    // Report in submission order: only the leading run of finished batches.
    while (order[0]?.done === true) {
      const head = order.shift()!;
      for (const i of head.failed) reject(head.jobs[i]!);
    }
    wake();
  };
  const checkHere = (batch: Batch): void => {
    const failed: number[] = [];
    batch.jobs.forEach((job, i) => {
      if (!runSignatureJob(job)) failed.push(i);
    });
    finishBatch(batch, failed);
  };
  for (let w = 0; w < Math.max(1, size); w++) {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const slot = { worker, sent: new Set<number>(), pending: 0, dead: false };
    worker.on('message', (answer: { id: number; failed: number[] }) => {
      const batch = byId.get(answer.id);
      if (batch !== undefined) finishBatch(batch, answer.failed);
    });
    const die = (): void => {
      if (slot.dead) return;
      slot.dead = true;
      for (const batch of [...byId.values()]) if (batch.worker === w) checkHere(batch);
    };
    worker.on('error', die);
    worker.on('exit', die);
    workers.push(slot);
  }
  const keyIndex = (key: KeyObject): number => {
    let index = keys.get(key);
    if (index === undefined) {
      index = ders.length;
      ders.push(key.export({ format: 'der', type: 'spki' }));
      keys.set(key, index);
    }
    return index;
  };
  return {
    submit(jobs) {
      if (jobs.length === 0) return;
      const live = workers.filter((s) => !s.dead);
      const slot = live.reduce<(typeof live)[number] | undefined>(
        (best, s) => (best === undefined || s.pending < best.pending ? s : best),
        undefined,
      );
      const batch: Batch = {
        id: nextId++,
        jobs,
        worker: slot === undefined ? -1 : workers.indexOf(slot),
        done: false,
        failed: [],
      };
      order.push(batch);
      byId.set(batch.id, batch);
      inFlight += jobs.length;
      if (slot === undefined) return checkHere(batch);
      const { data, offsets } = pack(jobs, keyIndex);
      for (const job of jobs) {
        const index = keyIndex(job.key);
        if (slot.sent.has(index)) continue;
        slot.sent.add(index);
        slot.worker.postMessage({ keyIndex: index, keyDer: ders[index] });
      }
      slot.pending += 1;
      slot.worker.postMessage({ id: batch.id, data, offsets, count: jobs.length }, [
        data,
        offsets.buffer,
      ]);
    },
    get inFlight() {
      return inFlight;
    },
    progress() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      while (inFlight > 0) await this.progress();
      for (const slot of workers) {
        slot.dead = true;
        await slot.worker.terminate();
      }
    },
  };
}
