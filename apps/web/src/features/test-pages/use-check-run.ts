import { useState } from 'react';
import type { CheckResult } from './checks';

/**
 * A run of checks shown as they finish: `start(steps)` clears the results, and each result the
 * steps `add` appears at once; `running` is true until the steps are done.
 */
export function useCheckRun() {
  const [results, setResults] = useState<CheckResult[]>([]);
  const [running, setRunning] = useState(false);
  const start = async (steps: (add: (result: CheckResult) => void) => Promise<void>) => {
    setRunning(true);
    setResults([]);
    const done: CheckResult[] = [];
    try {
      await steps((result) => {
        done.push(result);
        setResults([...done]);
      });
    } finally {
      setRunning(false);
    }
  };
  return { results, running, start };
}
