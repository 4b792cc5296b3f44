// The quick reading of a YAML file (issue 51): js-yaml's event parser and constructor read plain
// YAML several times faster than the yaml package's Document (measured on a cold process: 2-4 ms
// instead of 11-16 for a 2 KB control plane, 5-7 instead of 17-30 for proofgate's own 6 KB; every
// verdict reads its plane, and the base's plane too when it has one). The yaml package stays the
// reading of record: this one answers only where the two agree by construction, and says nothing
// (undefined) otherwise, and the caller then reads the text with the yaml package as before:
// - one document, no directive (`%YAML 1.1` switches the yaml package to YAML 1.1's types);
// - no anchor, alias or tag: aliases are what the yaml package bounds (an alias bomb; js-yaml is
//   also told to refuse any), and a tag asks for a type either package may construct its own way;
// - every mapping key a string scalar, never `__proto__`: both packages make objects, and a
//   non-string key (null, a number, a collection) becomes a string key differently in each;
// - anything js-yaml rejects (duplicate keys, a syntax error): the yaml package's error, with its
//   file:line:col, is the one reported.
// Scalars resolve by the YAML 1.2 core schema in both (js-yaml's CORE_SCHEMA), and the values are
// plain objects, arrays, strings, numbers, booleans and null. test/core/plane/plain-yaml.test.ts
// reads every YAML file this repository tracks and the shared fixtures hold both ways; on the yaml
// test suite, 201 of its 402 cases take this reading, all agree, and no invalid case is accepted
// (ARCHITECTURE.md, session 24).
import {
  boolCoreTag,
  constructFromEvents,
  CORE_SCHEMA,
  EVENT_ALIAS,
  EVENT_DOCUMENT,
  EVENT_MAPPING,
  EVENT_POP,
  EVENT_SCALAR,
  EVENT_SEQUENCE,
  floatCoreTag,
  getScalarValue,
  intCoreTag,
  NOT_RESOLVED,
  nullCoreTag,
  parseEvents,
  SCALAR_STYLE_PLAIN,
  type Event,
} from 'js-yaml';

/** Nesting deeper than this is left to the yaml package (which has no such limit). */
const MAX_DEPTH = 100;

const NON_STRING_PLAIN = [nullCoreTag, boolCoreTag, intCoreTag, floatCoreTag];

// A plain key the core schema reads as null, a boolean or a number, not a string.
function resolvesToNonString(source: string): boolean {
  return NON_STRING_PLAIN.some((tag) => tag.resolve(source, false, tag.tagName) !== NOT_RESOLVED);
}

// Whether the events are of one document this reading agrees on (see above).
function agreedShape(text: string, events: readonly Event[]): boolean {
  let documents = 0;
  // Each open collection: is it a mapping, and how many nodes it holds so far.
  const open: { mapping: boolean; nodes: number }[] = [];
  for (const event of events) {
    if (event.type === EVENT_POP) {
      open.pop();
      continue;
    }
    if (event.type === EVENT_DOCUMENT) {
      documents += 1;
      if (documents > 1 || event.directives.length > 0) return false;
      open.push({ mapping: false, nodes: 0 });
      continue;
    }
    if (event.type === EVENT_ALIAS || event.anchorStart !== -1 || event.tagStart !== -1)
      return false;
    const parent = open[open.length - 1];
    if (parent !== undefined) {
      if (parent.mapping && parent.nodes % 2 === 0 && !stringKey(text, event)) return false;
      parent.nodes += 1;
    }
    if (event.type === EVENT_MAPPING || event.type === EVENT_SEQUENCE)
      open.push({ mapping: event.type === EVENT_MAPPING, nodes: 0 });
  }
  return documents === 1;
}

function stringKey(text: string, event: Event): boolean {
  if (event.type !== EVENT_SCALAR) return false;
  const key = getScalarValue(text, event);
  if (key === '__proto__') return false;
  return event.style !== SCALAR_STYLE_PLAIN || !resolvesToNonString(key);
}

/**
 * The value of a YAML text when it is of the plain shape both readings agree on, else undefined
 * (read it with the yaml package: its value, or its error).
 */
export function readPlainYaml(text: string): { value: unknown } | undefined {
  try {
    const events = parseEvents(text, { maxDepth: MAX_DEPTH });
    if (!agreedShape(text, events)) return undefined;
    const [value] = constructFromEvents(events, {
      source: text,
      schema: CORE_SCHEMA,
      maxAliases: 0,
    });
    return { value };
  } catch {
    return undefined;
  }
}
