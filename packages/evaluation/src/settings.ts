// The settings of @orkeon/evaluation alone: hosts that judge settings at start import this, not the package.
export { benchmarkingSettings } from './benchmarking-settings.js';
