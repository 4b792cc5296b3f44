// `proofgate query evidence <digest-prefix>`: one stored output and the entries citing it. Without
// --tail or --grep a person sees the first 2 KiB; with them, the selected lines, numbered, the last
// ones kept when they do not all fit. --json carries every selected line whole.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { describeEntry, evidenceRefs, type QueryItem } from '../../core/gate/query/query-views.ts';
import { compileGrep } from '../../core/gate/output/compile-grep.ts';
import {
  fitFromEnd,
  selectOutput,
  type OutputSelection,
} from '../../core/gate/output/read-output.ts';
import { redactionRulesFor } from '../../core/gate/select/select-for-flow.ts';
import type { Plane } from '../../core/plane/plane.ts';

export interface EvidenceReadOptions {
  tail: number | undefined;
  grep: string | undefined;
  /** The human output's bound in bytes; the selected lines get what the header leaves. */
  limit: number;
}

const PREVIEW_BYTES = 2048;
const HUMAN_LINE_CHARS = 400;
const HEADER_RESERVE = 1536;

function selectionNote(shown: OutputSelection, options: EvidenceReadOptions): string {
  const what =
    options.grep === undefined
      ? `last ${shown.lines.length} of ${shown.total} lines`
      : `${shown.lines.length} line(s) matching ${options.grep}${options.tail === undefined ? '' : ` (last ${options.tail})`} of ${shown.total}`;
  const cut =
    shown.omitted === 0 ? '' : `; ${shown.omitted} earlier line(s) not shown (--json has them all)`;
  return `${what}${cut}`;
}

export async function evidenceView(
  plane: Plane,
  prefix: string,
  options: EvidenceReadOptions,
  ctx: Context,
  io: World,
): Promise<QueryItem[]> {
  const grep = options.grep === undefined ? undefined : compileGrep(options.grep);
  const { digest, refs } = evidenceRefs(await io.readEntries(plane), prefix);
  const bytes = await io.objects(plane).get(digest);
  const size = bytes?.length ?? 0;
  const head = `object ${digest}, ${size} bytes`;
  const refLines = refs.map(describeEntry);
  if (bytes === undefined)
    return [
      { line: `${head} (missing: run proofgate verify --full)`, data: { digest, bytes: 0 } },
      ...refLines,
    ];
  const text = new TextDecoder().decode(bytes);
  if (options.tail === undefined && grep === undefined) {
    const preview = new TextDecoder().decode(bytes.slice(0, PREVIEW_BYTES));
    const more =
      size > PREVIEW_BYTES
        ? [
            {
              line: `  (first ${PREVIEW_BYTES} of ${size} bytes; the end: proofgate query evidence ${digest.slice(0, 12)} --tail 50)`,
              data: {},
            },
          ]
        : [];
    return [
      { line: head, data: { digest, bytes: size, preview } },
      ...preview.split('\n').map((line) => ({ line: `  | ${line}`, data: {} })),
      ...more,
      ...refLines,
    ];
  }
  const selection = selectOutput(text, {
    ...(options.tail === undefined ? {} : { tail: options.tail }),
    ...(grep === undefined ? {} : { grep }),
    rules: redactionRulesFor(plane, ctx.env),
  });
  const shown = fitFromEnd(
    selection,
    Math.max(Math.floor(options.limit / 2), options.limit - HEADER_RESERVE),
    HUMAN_LINE_CHARS,
  );
  const width = String(selection.total).length;
  return [
    {
      line: head,
      data: {
        digest,
        bytes: size,
        total_lines: selection.total,
        ...(options.tail === undefined ? {} : { tail: options.tail }),
        ...(options.grep === undefined ? {} : { grep: options.grep }),
        lines: selection.lines.map((l) => ({ number: l.number, text: l.text })),
      },
    },
    ...refLines,
    { line: `  ${selectionNote(shown, options)}:`, data: {} },
    ...shown.lines.map((l) => ({
      line: `  ${String(l.number).padStart(width)}| ${l.text}`,
      data: {},
    })),
  ];
}
