/**
 * Ends every jest run with one plain line, `N passed, N failed, N skipped`: what CI (.ci/run) and a
 * person scanning the log read first. It is written as the process exits, after jest's own summary.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`;
    process.once('exit', () => process.stdout.write(line));
  }
}

module.exports = SummaryReporter;
