/**
 * How long a code tool may run. Any query may first index (everything, the first time, and
 * embed every symbol with a local model), so queries get minutes rather than the pipeline's
 * default minute; indexing a large folder gets half an hour.
 */
export const codeQueryTimeoutMilliseconds = 10 * 60_000;
export const codeIndexTimeoutMilliseconds = 30 * 60_000;
