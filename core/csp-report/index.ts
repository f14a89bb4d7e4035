export {
  cspReason,
  cspViolationKey,
  cspViolations$,
  cspReportPage,
  startCspReporting,
  toCspViolation,
  CSP_REPORT_BIZ_TYPE,
  CSP_REPORT_MAX_PER_WINDOW,
  CSP_REPORT_MEMORY,
  CSP_REPORT_PATH,
  CSP_REPORT_WINDOW_MS,
} from './csp-report.js';
export type { CspReportBody, CspReportingOptions, CspViolation } from './csp-report.js';
