import { it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from './harness.js';
import { jsonSchemaOf, validFor } from './fuzz-arbitrary.js';
const t = useTestApp({ seed: false });
it('validity', () => {
  for (const r of t.app.apiRoutes) {
    for (const part of ['body', 'query'] as const) {
      const schema = r.contract?.[part];
      if (!schema) continue;
      const values = fc.sample(validFor(jsonSchemaOf(schema), {}), { seed: 1, numRuns: 40 });
      const paths: Record<string, number> = {};
      let bad = 0;
      for (const v of values) {
        const res = schema.safeParse(v);
        if (!res.success) { bad++; for (const i of res.error.issues) { const k = i.path.join('.') + ' ' + i.message.slice(0, 50); paths[k] = (paths[k] ?? 0) + 1; } }
      }
      if (bad > 10) console.log(`${r.method} ${r.url} ${part}: ${bad}/40 invalid`, JSON.stringify(Object.entries(paths).sort((a, b) => b[1] - a[1]).slice(0, 5)));
    }
  }
});
