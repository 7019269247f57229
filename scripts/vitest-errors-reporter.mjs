// A Vitest reporter for `npm test`: writes the run's unhandled errors (an error thrown or a promise
// rejected outside any test, which fails the run with every test passed) and the test files that
// could not load to .test-results/vitest-errors.json, so the summary at the end can name them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class ErrorsReporter {
  constructor(options = {}) {
    this.file = options.outputFile ?? '.test-results/vitest-errors.json';
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const describe = (error) => {
      const text = error?.stack ?? error?.message ?? String(error);
      return text.split('\n').slice(0, 8).join('\n');
    };
    const failedToLoad = testModules
      .filter((module) => module.errors().length > 0)
      .map((module) => ({ file: module.moduleId, errors: module.errors().map(describe) }));
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify({ unhandled: unhandledErrors.map(describe), failedToLoad }, null, 2));
  }
}
