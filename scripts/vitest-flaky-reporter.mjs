// A Vitest reporter for `npm test`: writes the names of the tests that failed and then passed on
// a retry (Vitest's `--retry`, which `npm test` turns on under CI) to the file named by
// VITEST_FLAKY_OUTPUT, so scripts/test.mjs can name them in its summary. Vitest's JSON report
// does not say that a passing test needed a retry.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    this.flaky.push(`${file} › ${testCase.fullName}`);
  }

  onTestRunEnd() {
    const output = process.env.VITEST_FLAKY_OUTPUT;
    if (output) writeFileSync(output, JSON.stringify(this.flaky));
  }
}
