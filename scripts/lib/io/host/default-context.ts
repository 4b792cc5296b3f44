// The execution context an entry records when no --context is given: `local:<hostname>`. Every
// writer uses this one function, because the independence checks compare contexts and two
// spellings of the same machine would look like two machines.
import { hostname } from 'node:os';

export function defaultExecutionContext(): string {
  return `local:${hostname()}`;
}
