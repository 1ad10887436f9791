import type {
  ActOptions,
  AgentRunOptions,
  CompleteOptions,
  Configuration,
  MultiModalContent,
  MultiModalPart,
  PromptAttachment,
  ServiceCollection,
  ServiceToken,
  TaskInput,
} from '@orkeon/core';
import { MultiModalContentService, OrkeonError, taskBuilder } from '@orkeon/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  addSvcMultiModal,
  type ContentValidation,
  ContentValidationService,
  type ContentValidator,
  type MultiModalContentInput,
  type MultiModalContentLoader,
  MultiModalContentLoaderService,
  MultiModalError,
  type MultiModalErrorCode,
  MultiModalNotSupportedError,
  type MultiModalSettings,
  type multiModalErrorCodes,
} from '../src/index.js';

describe('the public API of @orkeon/multimodal', () => {
  it('types addSvcMultiModal like the other registrations, and its services', () => {
    expectTypeOf(addSvcMultiModal).parameters.toEqualTypeOf<[ServiceCollection, Configuration]>();
    expectTypeOf(addSvcMultiModal).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(ContentValidationService).toEqualTypeOf<ServiceToken<ContentValidator>>();
    expectTypeOf(MultiModalContentLoaderService).toEqualTypeOf<ServiceToken<MultiModalContentLoader>>();
    expectTypeOf(MultiModalContentService).toEqualTypeOf<ServiceToken<MultiModalContent>>();
    expectTypeOf<MultiModalContentLoader['loadImage']>().returns.toEqualTypeOf<Promise<MultiModalPart>>();
  });

  it('types the verdict of a check as a union to narrow on valid', () => {
    expectTypeOf<ContentValidator['validate']>().parameters.toEqualTypeOf<[MultiModalContentInput]>();
    const verdict = {} as ContentValidation;
    if (verdict.valid) expectTypeOf(verdict.part).toEqualTypeOf<MultiModalPart>();
    else expectTypeOf(verdict.code).toEqualTypeOf<MultiModalErrorCode>();
  });

  it('types attachments wherever a prompt is given', () => {
    expectTypeOf<CompleteOptions['attachments']>().toEqualTypeOf<readonly PromptAttachment[] | undefined>();
    expectTypeOf<ActOptions['attachments']>().toEqualTypeOf<readonly PromptAttachment[] | undefined>();
    expectTypeOf<AgentRunOptions['attachments']>().toEqualTypeOf<readonly PromptAttachment[] | undefined>();
    expectTypeOf<TaskInput['attachments']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<{ type: 'path'; path: string }>().toExtend<PromptAttachment>();
    expectTypeOf<{ type: 'image'; data: Uint8Array }>().toExtend<PromptAttachment>();
    // @ts-expect-error a file needs its MIME type
    const file: PromptAttachment = { type: 'file', data: 'AAAA' };
    expect(file.type).toBe('file');
    const task = taskBuilder().id('t').description('d').expectedOutput('o').attachments(['/in/a.png']).build();
    expect(task.attachments).toEqual(['/in/a.png']);
  });

  it('types the settings and the errors', () => {
    expectTypeOf<MultiModalSettings>().toEqualTypeOf<{
      Enabled: boolean;
      MaxImageSizeBytes: number;
      SupportedImageFormats: ('png' | 'jpeg' | 'gif' | 'webp')[];
      MaxAudioDurationSeconds: number;
      SupportedAudioFormats: ('wav' | 'mp3' | 'ogg')[];
      VisionProviders: string[];
    }>();
    expectTypeOf<MultiModalErrorCode>().toEqualTypeOf<keyof typeof multiModalErrorCodes>();
    const error = new MultiModalNotSupportedError('no audio');
    expect(error).toBeInstanceOf(MultiModalError);
    expect(OrkeonError.isInstance(error)).toBe(true);
    expect(error.code).toBe('MULTIMODAL_PART_NOT_SUPPORTED');
  });
});
