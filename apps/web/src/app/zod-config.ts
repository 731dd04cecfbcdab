import { config } from 'zod/v4/core';

// Zod compiles its object parsers with `new Function` unless told not to. The Content Security
// Policy refuses eval, and even Zod's own caught probe for it is reported as a violation, so the
// web app parses without compiling. Imported first by main.tsx, before any schema runs.
config({ jitless: true });
