// A Vitest reporter for `npm test`: writes each test file's time, the run's unhandled errors (an error thrown or a promise
// rejected outside any test, which fails the run with every test passed) and the test files that
// could not load to .test-results/vitest-errors.json, so the summary at the end can name them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

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
    // Each file's own time (environment, imports, hooks and tests) for the slowest-files report;
    // the JSON reporter's start and end times leave the hooks out.
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { project: module.project.name, file: relative(process.cwd(), module.moduleId), ms: Math.round(ms) };
    });
    writeFileSync(
      this.file,
      JSON.stringify({ unhandled: unhandledErrors.map(describe), failedToLoad, files }, null, 2),
    );
  }
}
