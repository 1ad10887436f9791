export { type AddSvcDlpOptions, addSvcDlp, dlpExperimentalDiagnosticId } from './add-svc-dlp.js';
export { passesIbanCheck, passesLuhn } from './checksums.js';
export { DlpPolicyInvalidError } from './dlp-errors.js';
export {
  createDlpInterceptors,
  DelegationDlpInterceptor,
  DlpChannelInterceptor,
  type DlpInterceptor,
  type DlpInterceptorOptions,
  DlpInterceptorService,
  ExternalOutputDlpInterceptor,
  LogDlpInterceptor,
  MemoryDlpInterceptor,
  ToolOutputDlpInterceptor,
} from './dlp-interceptors.js';
export { type DlpPolicy, type DlpPolicyInput, defineDlpPolicy, dlpActionFor } from './dlp-policy.js';
export { type DlpPolicyProvider, DlpPolicyProviderService, SettingsDlpPolicyProvider } from './dlp-policy-provider.js';
export { type DlpSettings, dlpSettings } from './dlp-settings.js';
export { dlpToolCallInterceptor } from './dlp-tool-call-interceptor.js';
export { type DlpErrorCode, dlpErrorCodes } from './errors/error-codes.js';
export { PolicyDlpChannelGuard } from './policy-dlp-channel-guard.js';
export { RegexPiiDetector } from './regex-pii-detector.js';
