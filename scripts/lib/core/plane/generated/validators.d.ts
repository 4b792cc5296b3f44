// Types of the generated standalone validators (see test/helpers/generate-validators.ts).
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const manifest: ValidateFunction;
export declare const registry: ValidateFunction;
export declare const profile: ValidateFunction;
