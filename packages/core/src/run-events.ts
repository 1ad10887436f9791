// The run event vocabulary alone (zod only), for readers that want the events' types and schemas
// without the rest of core: a web page, a log reader.
export {
  type RunEvent,
  type RunEventBody,
  type RunEventKind,
  type RunEventOf,
  runEventSchema,
  runEventSchemas,
  runEventVersion,
} from './runtime/run-events.js';
