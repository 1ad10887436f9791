export { type AddSvcDlpOptions, addSvcDlp, dlpExperimentalDiagnosticId } from './add-svc-dlp.js';
export { passesIbanCheck, passesLuhn } from './checksums.js';
export { type DlpSettings, dlpSettings } from './dlp-settings.js';
export { RegexPiiDetector } from './regex-pii-detector.js';
