// The canonical review copy of a control's output: what an auditor reads in the evidence object.
// Stable across terminals and platforms, bounded, and free of secrets.
import { redactCutEdges, redactText } from '../../redact/redact.ts';
import type { RedactionRules } from '../../redact/secret-values.ts';

export interface CapturedOutput {
  /** The first bytes of the merged stream. */
  head: Uint8Array;
  /** The last bytes of the merged stream (after `head`, never overlapping it). */
  tail: Uint8Array;
  /** Bytes between head and tail that were never kept. */
  omittedBytes: number;
}

export interface ReviewCopy {
  text: string;
  truncated: boolean;
}

// OSC and DCS/SOS/PM/APC strings end at BEL or ST; CSI has parameters then one final byte;
// the remaining escapes are two bytes. C1 controls are stripped with the C0 ones.
/* eslint-disable no-control-regex -- matching control characters is the point */
const OSC = /\x1b\][\s\S]*?(?:\x07|\x1b\\|$)/g;
const STRING_ESCAPES = /\x1b[PX^_][\s\S]*?(?:\x1b\\|$)/g;
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;
const TWO_BYTE_ESCAPE = /\x1b[@-Z\\-_ -/0-?`-~]?/g;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/* eslint-enable no-control-regex */
const TRAILING_SPACE = /[ \t]+$/gm;

export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(OSC, '')
    .replace(STRING_ESCAPES, '')
    .replace(CSI, '')
    .replace(TWO_BYTE_ESCAPE, '')
    .replace(CONTROLS, '')
    .replace(TRAILING_SPACE, '');
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * Redacts, then caps: the copy, marker included, is never larger than `capBytes`. Redaction can
 * make text longer, so the cap applies to the redacted text.
 */
export function makeReviewCopy(
  output: CapturedOutput,
  rules: RedactionRules,
  capBytes = Number.POSITIVE_INFINITY,
): ReviewCopy {
  if (output.omittedBytes === 0) {
    const whole = new Uint8Array(output.head.length + output.tail.length);
    whole.set(output.head, 0);
    whole.set(output.tail, output.head.length);
    const text = redactText(normalizeText(decode(whole)), rules);
    return fitToCap(encoder.encode(text), new Uint8Array(0), 0, capBytes);
  }
  const [head, tail] = redactCutEdges(
    normalizeText(decode(output.head)),
    normalizeText(decode(output.tail)),
    rules.secrets,
  );
  return fitToCap(
    encoder.encode(redactText(head, rules)),
    encoder.encode(redactText(tail, rules)),
    output.omittedBytes,
    capBytes,
  );
}

const encoder = new TextEncoder();

function omittedMarker(bytes: number): string {
  return `\n--- ${bytes} bytes omitted ---\n`;
}

/**
 * Joins the redacted head and tail with the omitted-bytes marker, cutting the head's end and the
 * tail's start until the whole copy fits in `capBytes`. The marker counts the raw bytes never kept
 * plus the redacted bytes cut here.
 */
function fitToCap(
  head: Uint8Array,
  tail: Uint8Array,
  omitted: number,
  capBytes: number,
): ReviewCopy {
  const total = head.length + tail.length;
  if (omitted === 0 && total <= capBytes) return { text: decode(head), truncated: false };
  // Sized with the largest count it can show, so the final marker is never longer.
  const room = Math.max(0, capBytes - encoder.encode(omittedMarker(omitted + total)).length);
  let keepHead = head.length;
  let keepTail = tail.length;
  if (keepHead + keepTail > room) {
    keepHead = Math.min(head.length, Math.max(Math.floor(room / 2), room - tail.length));
    keepTail = Math.min(tail.length, room - keepHead);
  }
  // A cut inside a multi-byte character drops that character (never a replacement character).
  const kept =
    decode(head.subarray(0, keepHead)).replace(/\uFFFD+$/, '') +
    omittedMarker(omitted + total - keepHead - keepTail) +
    decode(tail.subarray(tail.length - keepTail)).replace(/^\uFFFD+/, '');
  return { text: kept, truncated: true };
}
