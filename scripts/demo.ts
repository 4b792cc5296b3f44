// `npm run demo`: the whole story on test/fixtures/demo-shop, in a temporary git repository,
// through the built command; it exits 0 only when every step gave the exit code it expects, so it
// doubles as an end-to-end test. The steps and their wiring are in lib/cli/run/demo.ts.
import { runDemo, runDemoIfMain } from './lib/cli/run/demo.ts';

export { runDemo };

runDemoIfMain(import.meta.url);
