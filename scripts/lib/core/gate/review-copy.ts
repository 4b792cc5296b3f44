// The canonical review copy of a control's output: what an auditor reads in the evidence object.
// Stable across terminals and platforms, bounded, and free of secrets.
import { redactCutEdges, redactText, type RedactionRules } from './redact.ts';

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

export function makeReviewCopy(output: CapturedOutput, rules: RedactionRules): ReviewCopy {
  if (output.omittedBytes === 0) {
    const whole = new Uint8Array(output.head.length + output.tail.length);
    whole.set(output.head, 0);
    whole.set(output.tail, output.head.length);
    return { text: redactText(normalizeText(decode(whole)), rules), truncated: false };
  }
  const [head, tail] = redactCutEdges(
    normalizeText(decode(output.head)),
    normalizeText(decode(output.tail)),
    rules.secrets,
  );
  const marker = `\n--- ${output.omittedBytes} bytes omitted ---\n`;
  return { text: redactText(head, rules) + marker + redactText(tail, rules), truncated: true };
}
