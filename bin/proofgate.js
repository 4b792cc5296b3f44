#!/usr/bin/env node
// The installed `proofgate` command: registers tsx's loader, then runs the TypeScript dispatcher.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../scripts/cli.ts');
await main(process.argv.slice(2));
