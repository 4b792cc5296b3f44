// The order the suite's files start in (test/helpers/sequencer.ts): vitest reuses a worker of a
// non-isolated project only for a next file of the same project, so a project's files must follow
// one another; within a project, and between projects, the longest first.
import { expect, test } from 'vitest';
import { longestFirstByProject } from '../helpers/sequencer.ts';

interface File {
  name: string;
  project: { name: string };
  seconds: number;
}

const file = (project: string, name: string, seconds: number): File => ({
  name,
  project: { name: project },
  seconds,
});

const order = (files: File[]): string[] =>
  longestFirstByProject(files, (f) => f.seconds).map((f) => `${f.project.name}:${f.name}`);

test('each project runs as one block, the block with the longest file first', () => {
  const files = [
    file('fast', 'parity', 20),
    file('e2e', 'weakening', 64),
    file('fast', 'tiny', 0.2),
    file('installed', 'journeys', 85),
    file('e2e', 'hook', 14),
    file('fast', 'explore', 11),
    file('e2e', 'short', 1),
    file('installed', 'real', 45),
  ];
  expect(order(files)).toEqual([
    'installed:journeys',
    'installed:real',
    'e2e:weakening',
    'e2e:hook',
    'e2e:short',
    'fast:parity',
    'fast:explore',
    'fast:tiny',
  ]);
});

test('projects whose longest files tie keep apart, in name order', () => {
  const files = [file('b', 'x', 5), file('a', 'y', 5), file('b', 'z', 1), file('a', 'w', 2)];
  expect(order(files)).toEqual(['a:y', 'a:w', 'b:x', 'b:z']);
});
