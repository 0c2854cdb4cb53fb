import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Run {
  title: string;
  attempt: number;
  duration: number;
  timeout: number;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, after the run, the five slowest tests and every test that used more than half its
 * timeout: a test that close to its limit on an idle machine fails on a busy 2-core one, so it is
 * split into steps or given a budget its note justifies (e2e/patients/patients.spec.ts).
 */
export default class SlowestReporter implements Reporter {
  private readonly runs: Run[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    this.runs.push({
      // The file and titles, without the project name and the root suite's empty title.
      title: test.titlePath().filter(Boolean).slice(1).join(' › '),
      attempt: result.retry,
      duration: result.duration,
      // After the run: the timeout the test really had (test.slow() and test.setTimeout() included).
      timeout: test.timeout,
    });
  }

  onEnd(): void {
    if (this.runs.length === 0) return;
    const line = (r: Run): string =>
      `  ${seconds(r.duration).padStart(7)} of ${seconds(r.timeout)}  ${r.title}${r.attempt ? ` (retry ${r.attempt})` : ''}`;
    const slowest = [...this.runs].sort((a, b) => b.duration - a.duration).slice(0, 5);
    console.log(`\nThe five slowest tests:\n${slowest.map(line).join('\n')}`);
    const tight = this.runs.filter((r) => r.timeout > 0 && r.duration > r.timeout / 2);
    if (tight.length > 0) {
      console.log(
        `\nOver half their timeout (split them into steps, or give them a justified budget):\n${tight.map(line).join('\n')}`,
      );
    }
  }
}
