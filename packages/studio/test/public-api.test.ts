import type { HumanInputChannel, Runtime } from '@orkeon/core';
import { describe, expectTypeOf, it } from 'vitest';
import {
  foldRunEvent,
  type RunView,
  type StudioAsk,
  type StudioAsks,
  type StudioCrew,
  type StudioPastRun,
  type StudioPastRunDetail,
  type StudioPastTask,
  type StudioRunSummary,
  type StudioServer,
  type StudioServerOptions,
  startStudioServer,
} from '../src/index.js';

describe('the public types of @orkeon/studio', () => {
  it('types the server, its options and the crews it starts', () => {
    expectTypeOf(startStudioServer).parameter(0).toEqualTypeOf<StudioServerOptions>();
    expectTypeOf(startStudioServer).returns.toEqualTypeOf<Promise<StudioServer>>();
    expectTypeOf<StudioServerOptions['runtime']>().toEqualTypeOf<Runtime>();
    expectTypeOf<StudioServerOptions['token']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<StudioServer['url']>().toEqualTypeOf<string>();
    expectTypeOf<StudioCrew['variables']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<StudioAsks>().toExtend<HumanInputChannel>();
    expectTypeOf<StudioAsk['kind']>().toEqualTypeOf<'text' | 'approval' | 'choice'>();
    expectTypeOf<StudioRunSummary['status']>().toEqualTypeOf<'running' | 'completed' | 'failed' | 'cancelled'>();
    expectTypeOf(foldRunEvent).returns.toEqualTypeOf<RunView>();
    expectTypeOf<StudioPastRunDetail>().toExtend<StudioPastRun>();
    expectTypeOf<StudioPastRunDetail['tasks']>().toEqualTypeOf<readonly StudioPastTask[]>();
    expectTypeOf<StudioPastRun['sources']>().toEqualTypeOf<readonly ('checkpoints' | 'execution-states')[]>();
  });
});
