import type { Logger } from '@orkeon/core';
import type { NistComplianceReporter } from './nist-compliance-reporter.js';
import { writeComplianceReport } from './render/render-report.js';

/**
 * Writes the report to `Svc:Compliance:ReportPath` after every run. A run's end only asks
 * for it; the writes happen in turn, off the run, and disposing the runtime waits for them,
 * so the file is complete when `orkeon run` exits. A report that cannot be written is
 * logged as an error: the run's own result stands.
 *
 * @experimental SVCEXP007
 */
export class ReportAfterRun implements AsyncDisposable {
  readonly #reporter: NistComplianceReporter;
  readonly #path: string;
  readonly #logger: Logger;
  #writing: Promise<void> = Promise.resolve();

  constructor(reporter: NistComplianceReporter, path: string, logger: Logger) {
    this.#reporter = reporter;
    this.#path = path;
    this.#logger = logger;
  }

  /** Asks for a report now (a run just ended). */
  request(): void {
    this.#writing = this.#writing.then(() => this.#write());
  }

  /** Resolves when every report asked for so far is written (or has failed and been logged). */
  settled(): Promise<void> {
    return this.#writing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#writing;
  }

  async #write(): Promise<void> {
    try {
      const report = await this.#reporter.generateReport();
      await writeComplianceReport(report, this.#path);
      this.#logger.info(
        { path: this.#path, score: report.score.overallScore },
        `compliance report written to ${this.#path}`,
      );
    } catch (error) {
      this.#logger.error(
        { err: error, path: this.#path },
        `the compliance report could not be written to ${this.#path}`,
      );
    }
  }
}
