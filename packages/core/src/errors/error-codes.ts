import { networkErrorCodes } from '../network/network-error-codes.js';

/**
 * Every error code of `@orkeon/core`, each with what happened and what to do; `docs/errors.md`
 * is generated from this object. Word order is AREA_OBJECT_PROBLEM (the object is left out when
 * it is the area itself, as in `CREW_INVALID`). A new code goes under its area's comment; an
 * error class names `CoreErrorCode` in its `extends OrkeonError<…>` clause, so a code that is not
 * here fails the type-check.
 */
export const coreErrorCodes = {
  // Checkpoints and state stores
  CHECKPOINT_SESSION_ID_INVALID:
    'A session id is not 1 to 200 characters among letters, digits, `_`, `:`, `.` and `-`: use a UUID or a prefixed id.',
  CHECKPOINT_SESSION_STATE_INVALID:
    'A state store refused a session state with a missing or malformed field: build it with `CheckpointManager`.',
  CHECKPOINT_HISTORY_LIMIT_INVALID: 'A `history` limit is not a whole number of 1 or more: give one, or leave it out.',
  STATE_STORE_CLOSED: 'A state store was used after `close()`: create a new store, or close it only at the end.',

  // Settings
  CONFIGURATION_INVALID:
    'The settings cannot be used (unknown key, wrong type, out of range): the message names each key and what is allowed.',
  CONFIGURATION_SECTION_PATH_INVALID:
    "A settings section path is not words separated by ':' (e.g. `Svc:Tools:Shell`): fix the path given to `defineSettingsSection`.",

  // Crews, processes and tasks
  CREW_INVALID: 'A crew definition has problems (one line each, with file, line and key for YAML): fix each one.',
  CREW_AGENT_UNKNOWN: 'A task was given to an agent the crew does not have: name one of its agents.',
  CREW_PROCESS_UNSUPPORTED: 'The crew asks for a process that cannot run yet: use one the message lists.',
  CREW_RUN_OPTIONS_INVALID:
    'An option of the run is out of range (e.g. `maxConcurrency` below 1): give an allowed value.',
  CREW_RUN_FAILED: 'One or more tasks failed: the message names each failed and skipped task and why.',
  CREW_RUN_INTERRUPTED: 'The abort signal stopped the run: the message names the tasks that did not finish.',
  TASK_INTERRUPTED: 'A task was interrupted by the abort signal before it finished.',
  TASK_OUTPUT_INVALID:
    "An agent's answer broke its task's output rules (format, JSON Schema, length, sections, forbidden patterns, personal data) and still broke them after the repairs allowed (outputValidation.maxRepairAttempts): the message lists every broken rule. Loosen the rules, say them in expectedOutput, or allow more repairs.",
  KNOWLEDGE_BASE_UNAVAILABLE:
    'A crew declares `rag:` collections or agents with `knowledge:`, and no knowledge base is registered: call addSvcRag from @orkeon/rag (orkeon run registers it), or remove the keys.',
  TASK_OUTPUT_PII_UNCHECKED:
    'A task\'s outputValidation.forbiddenPii needs the DLP detector and data-loss prevention is not enabled: call addSvcDlp(services) from @orkeon/dlp (orkeon run: add a "Svc": { "Dlp": {} } section to appsettings.json), or remove the rule.',
  TASK_ITERATIONS_EXHAUSTED:
    "An agent used all its iterations without a final answer: raise the agent's `maxIterations` or make the task smaller.",
  TASK_REVISION_REQUIRED:
    "The hierarchical manager rejected a task's answer as often as allowed: the message carries its last feedback.",
  TASK_RUN_FAILED:
    'Something that is not an Orkeon error was thrown while a task ran (a bug in a callback): see the cause.',
  GUARDIAN_BLOCKED:
    'The Guardian found prompt injection (High or Critical) in the prompt of a task and stopped it before the model saw it (exit reason GuardianBlocked): the message names the pattern classes. Remove the injected text from the input, or set Svc:Security:Prompt:Policy to Warn.',
  AUDIT_QUERY_INVALID:
    'An audit query asked for a limit outside 1 to 10,000, an unknown outcome or kind, or an invalid date: the message names the value and what is allowed.',
  AUDIT_RECORD_INVALID:
    'An audit record lacked a known kind, a known outcome or an ISO time: records come from the runtime; a host that appends its own must give all three.',
  GUARDRAIL_TRIPPED:
    "A guardrail of the agent, its crew or the runtime blocked the task's prompt or the agent's answer (exit reason GuardrailTripped): the message names the guardrail, the stage and its reason. Change the input, or the guardrail's check.",
  GUARDRAIL_INVALID:
    'defineGuardrail was given no valid name, an unknown stage, or no check function: the message names which and shows the shape.',
  GUARDRAIL_UNKNOWN:
    'An agent or crew names a guardrail that is neither attached to it nor registered: register it with createRuntime({ guardrails }) or addGuardrail(services, guardrail), or fix the name; the message lists the known names.',
  AGENT_RUN_FAILED: 'An agent run failed with an error that carries no code: see the message of the `error` event.',
  EMBEDDING_PROVIDER_MISSING:
    'The `Embedding` agent selection needs an embedding provider and none exists: use `FirstFit` or `Skill`, or name each agent.',
  EMBEDDING_PROVIDER_UNAVAILABLE:
    'Something asked for embeddings and no provider exists: call `addSvcLocalEmbeddings(services)` from `@orkeon/embeddings-local` (offline, no set-up), or set `Llm:EmbeddingModel` for a provider with embedding models.',
  CREW_BUDGET_EXHAUSTED:
    'A crew budget (`tokens`, `costUsd`, `wallTime` or `toolCalls`) was spent and the run stopped, keeping finished outputs: raise it and run again with `--resume`.',
  CREW_PLAN_FAILED:
    'The planner of a `planning: true` crew gave no usable plan (a model error or an answer that is not the plan JSON); the tasks ran without one.',

  // Document stores
  DOCUMENT_COLLECTION_INVALID:
    'A collection name is not 1 to 100 characters among letters, digits, `_`, `.`, `:` and `-`: use a short name.',
  DOCUMENT_KEY_INVALID:
    'A document key is empty, over 1024 characters or not well-formed Unicode: shorten or digest it.',
  DOCUMENT_VALUE_INVALID:
    'A document value has no JSON form (undefined, a function, a bigint, a cycle): store plain JSON.',
  DOCUMENT_VERSION_CONFLICT:
    'Someone else wrote the document first: read it again, apply the change, write with the new version.',
  DOCUMENT_OPTION_INVALID: 'An option of `list`, `put` or `delete` is out of range: the message says what is allowed.',
  DOCUMENT_STORE_CLOSED: 'A document store was used after `close()`: open a new store, or close it only at the end.',

  // Conversations
  CONVERSATION_ID_INVALID:
    'A thread or resource id cannot be used (empty, over 200 characters, a slash or another character outside letters, digits and _ . : @ + = -): the message names the id.',

  // Memory
  MEMORY_ITEM_INVALID:
    'A memory cannot be kept or searched (blank content, importance outside 0 to 1, an unknown type, a vector that is empty, not numbers, or of another length than the stored ones): the message names the memory and the fix.',

  MEMORY_ENCRYPTION_KEY_INVALID:
    '`Svc:Encryption` is enabled and its key is missing or is not 32 bytes in base64: create one with `openssl rand -base64 32` and put it in the secret store (by default the variable `ORKEON_SECRET_ORKEON_ENCRYPTION_KEY`).',
  MEMORY_DECRYPTION_FAILED:
    'An encrypted memory could not be decrypted: the key is not the one it was written with, or the stored text was changed. The message names the memory.',
  MEMORY_ENCRYPTED_SEARCH_UNSUPPORTED:
    'Word search cannot read encrypted contents: recall by vector (`searchSimilar`, with an embedding provider), or leave `Svc:Encryption` off for this store.',
  MEMORY_PROVIDER_UNKNOWN:
    '`Memory:Provider` or a crew’s `memoryProvider` names a store type no registration offers: install the store’s package and call its addSvc… registration, or name a registered type.',

  // Secrets
  SECRET_STORE_REFUSED:
    'A secret name has characters a store cannot carry, or a write would replace an existing secret without `overwrite`: the message says which.',
  SECRET_FILE_UNSAFE:
    'A secret file lets other users read or change it (its mode has group or other bits): make it owner-only with `chmod 600 <file>`; the message names the file.',
  SECRET_FILE_INVALID:
    'A secret file is not a JSON object of names and text values: fix or remove the file; the message names it.',

  // Encryption providers
  ENCRYPTION_KEY_INVALID:
    'An encryption key is not the size its algorithm needs (AES-256-GCM: 32 bytes): make one with `orkeon keys provision` or `openssl rand -base64 32`.',
  ENCRYPTION_DECRYPTION_FAILED:
    'A text could not be decrypted: another key sealed it, or it was changed after it was written.',
  ENCRYPTION_IN_PLACE_ROTATION_UNSUPPORTED:
    'The AES-256-GCM provider cannot change its key in place: provision a new key (`orkeon keys provision`) and re-encrypt the entries with key rotation (`orkeon keys rotate`, `KeyRotator.rotate`).',

  // Crew execution state
  EXECUTION_ID_INVALID: 'An execution id is not a short run of letters, digits, `_`, `:`, `.` and `-`: use a UUID.',
  EXECUTION_CREW_ID_INVALID:
    'A crew execution was created without a crew id: give the id (or name) of the crew that runs it.',
  EXECUTION_STATE_NOT_FOUND: 'No execution state exists for the id: call `createState` first.',
  EXECUTION_STATE_CONFLICT: 'The change is not allowed: the state is archived, or the id belongs to another crew.',
  EXECUTION_METADATA_INVALID:
    'A metadata value has no invariant text form: give a string, number, boolean, bigint or valid Date.',
  EXECUTION_STATE_UNREADABLE:
    'A stored execution state is not one this version can read: delete the document, or use the Orkeon version that wrote it.',

  // Kickoff hooks
  KICKOFF_HOOK_FAILED:
    'A kickoff hook threw and the hooks after it did not run: fix it, or register it with `continueOnError: true`.',
  KICKOFF_HOOK_INVALID: 'A kickoff hook has no name or a priority that is not a finite number.',

  // Language models
  LLM_ATTACHMENTS_UNSUPPORTED:
    'A prompt (a task, an agent run, `complete` or `act`) has attachments, but no multimodal subsystem is registered: call `addSvcMultiModal` (orkeon run: add a `Svc:MultiModal` section) or remove the attachments.',
  LLM_API_KEY_MISSING: 'The provider needs an API key: set `Llm:ApiKey` (or `SVC_Llm__ApiKey`).',
  LLM_ENDPOINT_INVALID:
    'The model URL cannot be fetched as written (a port fetch blocks, not an http(s) URL); it fails without retries: fix `Llm:BaseUrl`.',
  LLM_MODEL_INVALID: 'The model is neither an Orkeon `ChatModel` nor an AI SDK language model: pass one of those.',
  LLM_MODEL_UNSUPPORTED:
    "The AI SDK model implements another model specification than 'v4': update its provider package.",
  LLM_PIPELINE_MISSING: '`act` was given tools but no tool invocation pipeline to run them through: pass `pipeline`.',
  LLM_PROVIDER_FAILED:
    'The provider answered with an error after any retries: the message carries its reason and status.',
  LLM_RATE_LIMITED:
    'The provider kept answering 429 until the retries ran out: lower the request rate or raise `Llm:MaxRetries`.',
  LLM_STREAM_CANCELLED: 'The reader of a model stream cancelled it before it ended.',
  LLM_TIMEOUT: 'A model call took longer than `Llm:TimeoutSeconds`: raise it for slow or reasoning models.',

  // Boundary: mounts and the permission gate
  MOUNT_INVALID:
    'A mount cannot be used (bad syntax, missing folder, overlap): the message names the mount and the fix.',
  PERMISSION_MODE_UNKNOWN: 'A permission mode given in code is not one of the known modes (case-sensitive).',

  // Runtime and services
  RUNTIME_DISPOSED: 'The runtime was disposed: create another with `createRuntime()`.',
  RUNTIME_MODEL_FACTORY_MISSING:
    'An agent names a model and no model factory is registered: call `addSvcLlm` from `@orkeon/providers`, or give the model in code.',
  SERVICE_NOT_REGISTERED:
    'Nothing registered the service asked for: register it, or call the `addSvc…()` that provides it.',
  SERVICE_RESOLUTION_FAILED:
    'Services cannot be resolved as wired (a cycle, a scoped service outside a scope, a captive dependency, use after disposal).',
  SERVICE_DISPOSAL_FAILED:
    'One or more services failed while being disposed (the others were disposed): see the cause.',

  // Tools
  TOOL_NAME_INVALID: "A tool name is not a letter followed by letters, digits, '_' or '-' (64 at most).",
  TOOL_NAME_DUPLICATE: 'A tool name is registered twice (names ignore case): give one of the tools another name.',
  TOOL_UNKNOWN: 'A tool name is not registered: the message lists the tools there are and the closest match.',
  TOOL_TIMEOUT: "A tool call ran longer than its time limit; the model reads it as the tool's failure.",
  TOOL_CONTENT_INVALID:
    'A content part given to toolContent() is malformed (unknown type, missing MIME type, data that is not base64, a resource without uri or body).',
  TOOL_PROGRESS_INVALID:
    'A tool reported progress that is not a finite number (or a total that is not a positive one).',

  // Graphs, consensus and the autonomous process
  GRAPH_DEFINITION_INVALID:
    'A `StateGraph` cannot be compiled (an edge to a missing node, a node with no way out or two): the message lists each problem.',
  GRAPH_ROUTE_UNKNOWN: 'A conditional edge’s router chose a node the graph does not have: return a node name or `END`.',
  GRAPH_CHECKPOINT_INVALID:
    'A graph checkpoint continues at a node the graph does not have: start afresh, or run the graph that saved it.',
  GRAPH_TASK_UNKNOWN: 'A `taskNode` of a crew graph names a task the crew does not have: use one of its task ids.',
  GRAPH_BREAKER_INVALID: 'A circuit breaker preset is unknown or a limit is not a whole number of 0 or more.',
  GRAPH_BREAKER_TRIPPED:
    'A circuit breaker stopped a graph crew (transitions, visits, state time-out or total duration); finished outputs are kept: raise the limit in `graphConfig`.',
  CONSENSUS_ANSWERS_MISSING:
    'Every agent of a consensual crew failed on a task, so there was nothing to vote on: see each failure.',
  CONSENSUS_NOT_REACHED:
    'The voters reached no consensus within `MaxVotingRounds` and `FallbackStrategy` is `Fail`: allow more rounds, lower the bar or pick another fallback.',
  CONSENSUS_MANAGER_MISSING:
    '`FallbackStrategy: ManagerDecision` needs the crew to name a `manager`: add one, or pick another fallback.',
  AUTONOMOUS_BUDGET_EXHAUSTED:
    'The autonomous execution budget ran out on one dimension (tool calls, delegation depth, wall time, tokens, spawned agents): raise that limit.',
  AUTONOMOUS_BUDGET_INVALID:
    'An execution budget preset is unknown or a limit is negative: use strict, default or permissive, or limits of 0 or more.',
  AGENT_CHANNEL_TIMEOUT: 'An agent did not answer an in-process channel request in time (2 minutes for a delegation).',
  AUTONOMOUS_SPAWN_RECURSIVE:
    '`spawn_agent` was asked for a helper with the role or id of the spawning agent or one above it: give the helper a role of its own.',
  AUTONOMOUS_SPAWN_TOOL_DENIED:
    '`spawn_agent` was asked to give a helper a tool the spawning agent does not have: a helper gets only some of its spawner’s tools.',
  // The event hub (`event-hub/`, implemented by @orkeon/event-hub)
  EVENT_HUB_TOPIC_RESERVED:
    'A client published on a topic starting `_system.`, which only the hub itself uses: choose another topic.',
  EVENT_HUB_ADDRESS_INVALID:
    'A mailbox address is not one of agent://{crewId}/{agentId}, crew://{crewId}, topic://{name} or client://{name}: the message names the address.',
  EVENT_HUB_SEND_TIMED_OUT:
    'A request (send) got no reply within its time-out: raise `timeout_ms`, or check that the addressee receives and replies.',
  EVENT_HUB_CORRELATION_UNKNOWN:
    'A reply named a correlation id no pending request has (never sent, already answered, or timed out): reply only to a request you received, before its time-out.',
  EVENT_HUB_ACL_DENIED:
    "The event hub's ACL refused a message: the sending crew's `links:` do not allow this peer, direction or topic (or the restrictive policy refuses crews without links). Add the link, or send elsewhere.",
  EVENT_HUB_MESSAGE_DUPLICATE:
    'The idempotency stage saw this point-to-point message id before; the hub drops the repeat without an error to the sender.',
  EVENT_HUB_SCHEMA_UNREGISTERED:
    'A message declared a `schemaId` that is not in the event schema registry: register the schema, or leave `schemaId` out (application/json).',
  EVENT_HUB_PAYLOAD_INVALID:
    "A message's payload does not match the JSON Schema registered for its `schemaId` (checked when `validatePayloads` or `Svc:EventHub:ValidatePayloads` is on): the message names the first problems; send a matching payload, or fix the schema.",
  EVENT_HUB_TIMEOUT_INVALID:
    'A wait or request time-out is not a finite number of milliseconds of 0 or more (requests: more than 0), or both or neither of `timeout_ms` and `wait_forever` were given: give exactly one.',
  EVENT_HUB_MAILBOX_FULL:
    'A post or request went to an in-memory mailbox that already holds `Svc:EventHub:MaxMailboxMessages` unread messages; it was not delivered. Have its owner read it, or raise the setting.',
  EVENT_HUB_SUBSCRIPTION_OVERFLOWED:
    'A subscriber left `Svc:EventHub:MaxSubscriberBacklog` messages unread: its subscription ended after the messages it had, and later ones did not reach it. Read faster, subscribe again, or raise the setting.',

  // The network guard (`network/`): refusals of URLs and addresses agents may not reach.
  ...networkErrorCodes,
} as const;

export type CoreErrorCode = keyof typeof coreErrorCodes;
