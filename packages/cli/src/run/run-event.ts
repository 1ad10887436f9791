/** What `orkeon run` reports while a crew runs; `--events jsonl` writes one per line. Defined by the runtime. */
export type { RunEvent, RunEventOf } from '@orkeon/core';
