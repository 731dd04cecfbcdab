/** What every benchmark prints around its figures: the machine's load at the start, and its goals next to this run's figures. */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The load average (1, 5, 15 min) and cores, printed at a benchmark's start: figures from a busy machine mean less. */
export function printMachineLoad(benchmark: string): void {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\n[${benchmark}] ${new Date().toISOString()}, load average ${load} on ${cpus().length} cores`);
}

/** One goal of the issue the benchmark measures, with this run's figure. */
export interface Goal {
  what: string;
  /** The figure of this run, in `unit`. */
  value: number;
  unit: string;
  /** `<=`: at most `target`; `>=`: at least. */
  op: '<=' | '>=';
  target: number;
}

/** Prints each goal with this run's figure and whether it is met; returns whether all are. */
export function printGoals(goals: Goal[]): boolean {
  console.log('\nGoals, this run:');
  let all = true;
  for (const g of goals) {
    const met = g.op === '<=' ? g.value <= g.target : g.value >= g.target;
    all &&= met;
    const value = Number.isFinite(g.value) ? Number(g.value.toFixed(2)) : '-';
    console.log(`  ${g.what}: ${value} ${g.unit} (goal ${g.op} ${g.target} ${g.unit}): ${met ? 'met' : 'NOT met'}`);
  }
  return all;
}
